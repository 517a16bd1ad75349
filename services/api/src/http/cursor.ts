/**
 * Every list's cursor: the sort key of the last row sent, as a base64url JSON array of strings, opaque to clients,
 * so pages stay stable while rows are added.
 */
export function encodeCursor(...parts: string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

/** A cursor's parts when there is one per check and each passes it; anything else (stale, forged) is undefined. */
export function decodeCursor(cursor: string | undefined, checks: readonly ((part: string) => boolean)[]): string[] | undefined {
  if (!cursor) return undefined;
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(parts) || parts.length !== checks.length) return undefined;
    return parts.every((part, i) => typeof part === "string" && checks[i]!(part)) ? (parts as string[]) : undefined;
  } catch {
    return undefined;
  }
}

export const isUuid = (part: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(part);
export const isTimestamp = (part: string) => !Number.isNaN(Date.parse(part));
export const isAnyText = () => true;
export const isDigits = (part: string) => /^\d{1,20}$/.test(part);
