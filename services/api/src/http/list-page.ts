import type { FastifyReply } from "fastify";
import { decodeCursor, encodeCursor, isAnyText, isUuid } from "./cursor.ts";
import { nextLink } from "./pagination.ts";

type Keyset = { value: string; id: string };

/**
 * A sorted list's cursor names its sort, then the last row's sort value and id. A cursor of another sort (a client
 * that changed the sort but kept the cursor), stale or forged, starts from the first page.
 */
export function decodeSortCursor(cursor: string | undefined, sort: string): Keyset | undefined {
  const parts = decodeCursor(cursor, [isAnyText, isAnyText, isUuid]);
  return parts && parts[0] === sort ? { value: parts[1]!, id: parts[2]! } : undefined;
}

/** Points the Link header at the page after this one, when there is one. */
export function linkNextPage(reply: FastifyReply, url: string, sort: string, next: Keyset | null) {
  if (next) reply.header("link", nextLink(url, encodeCursor(sort, next.value, next.id)));
}
