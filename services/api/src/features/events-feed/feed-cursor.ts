import type { Position } from "@procure/contracts";
import { decodeCursor, encodeCursor, isDigits } from "../../http/cursor.ts";

/** The largest transaction id (xid8, unsigned) and global position (bigint) Postgres holds. */
const MAX_TX = 2n ** 64n - 1n;
const MAX_POS = 2n ** 63n - 1n;

const upTo = (max: bigint) => (part: string) => isDigits(part) && BigInt(part) <= max;

/** A feed cursor is an event's log position: its transaction id and global position. */
export const encodeFeedCursor = (position: Position): string => encodeCursor(position.tx, position.pos);

/** The position a cursor names; null for one this feed cannot have written, numbers past what the log holds included. */
export function decodeFeedCursor(cursor: string): Position | null {
  const parts = decodeCursor(cursor, [upTo(MAX_TX), upTo(MAX_POS)]);
  return parts ? { tx: parts[0]!, pos: parts[1]! } : null;
}
