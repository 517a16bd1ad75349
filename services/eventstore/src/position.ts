import type { Position } from "@procure/contracts";

export const ORIGIN: Position = { tx: "0", pos: "0" };

/** Log order is (transaction id, global position), both bigints carried as strings. */
export function comparePositions(a: Position, b: Position): number {
  const tx = BigInt(a.tx) - BigInt(b.tx);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.pos) - BigInt(b.pos);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
}

export function positionOf(event: { transaction_id: string; global_position: string }): Position {
  return { tx: event.transaction_id, pos: event.global_position };
}

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}
