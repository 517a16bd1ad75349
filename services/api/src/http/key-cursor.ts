/** Keyset cursors for lists sorted by a text key (vendor names): "<key>|<id>" as base64url JSON. */
export function encodeKeyCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

export function decodeKeyCursor(cursor: string | undefined): { key: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || typeof value[0] !== "string" || typeof value[1] !== "string") return undefined;
    return /^[0-9a-f-]{36}$/i.test(value[1]) ? { key: value[0], id: value[1] } : undefined;
  } catch {
    return undefined;
  }
}
