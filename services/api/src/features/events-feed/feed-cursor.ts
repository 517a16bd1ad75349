import type { Position } from "@procure/contracts";
import { decodeCursor, encodeCursor, isDigits } from "../../http/cursor.ts";

/** A feed cursor is an event's log position: its transaction id and global position. */
export const encodeFeedCursor = (position: Position): string => encodeCursor(position.tx, position.pos);

export function decodeFeedCursor(cursor: string): Position | null {
  const parts = decodeCursor(cursor, [isDigits, isDigits]);
  return parts ? { tx: parts[0]!, pos: parts[1]! } : null;
}
