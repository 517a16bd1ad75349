/** Keyset cursors: "<timestamp>|<id>" in base64url, so pages stay stable while rows are added. */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): { updatedAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [updatedAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!updatedAt || !id || Number.isNaN(Date.parse(updatedAt)) || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return { updatedAt, id };
}

export function nextLink(url: string, cursor: string): string {
  const next = new URL(url, "http://local");
  next.searchParams.set("cursor", cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}
