import { decodeCursor, isTimestamp, isUuid } from "./cursor.ts";

/** A list sorted by time then id resumes after this row. */
export function decodeTimeCursor(cursor: string | undefined): { updatedAt: string; id: string } | undefined {
  const parts = decodeCursor(cursor, [isTimestamp, isUuid]);
  return parts && { updatedAt: parts[0]!, id: parts[1]! };
}

export function nextLink(url: string, cursor: string): string {
  const next = new URL(url, "http://local");
  next.searchParams.set("cursor", cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}
