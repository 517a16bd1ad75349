/** A command the domain refuses. `kind` maps to an HTTP status at the edge; the message is shown to users. */
export class DomainError extends Error {
  constructor(
    readonly kind: "invalid" | "forbidden" | "not_found" | "conflict",
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const invalid = (message: string, details?: unknown) => new DomainError("invalid", message, details);
export const forbidden = (message: string) => new DomainError("forbidden", message);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
