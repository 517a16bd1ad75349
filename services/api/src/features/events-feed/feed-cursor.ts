import type { Position } from "@procure/contracts";

/** A feed cursor is an event's log position, opaque to clients: "<transaction id>.<global position>" in base64url. */
export function encodeFeedCursor(position: Position): string {
  return Buffer.from(`${position.tx}.${position.pos}`).toString("base64url");
}

export function decodeFeedCursor(cursor: string): Position | null {
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? { tx: match[1]!, pos: match[2]! } : null;
}
