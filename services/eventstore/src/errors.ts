/** The stream moved on since the caller read it: someone else decided first. */
export class ConcurrencyConflictError extends Error {
  readonly code = "conflict";
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number | null,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion ?? "unknown"}, expected ${expectedVersion}`);
  }
}

/** The same Idempotency-Key arrived first; the caller should answer with the stored response. */
export class IdempotentReplay extends Error {
  constructor(
    readonly scope: string,
    readonly key: string,
  ) {
    super(`Idempotency key ${key} was already used`);
  }
}

export function isUniqueViolation(error: unknown): error is { code: string; constraint?: string; detail?: string } {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

/** "deadlock detected": two writers each waited for a row the other had written. */
export function isDeadlock(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "40P01";
}
