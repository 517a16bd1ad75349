import type { Position } from "@procure/contracts";

export const ORIGIN: Position = { tx: "0", pos: "0" };

/** Log order is (transaction id, global position), both bigints carried as strings. */
export function comparePositions(a: Position, b: Position): number {
  return compareDecimals(a.tx, b.tx) || compareDecimals(a.pos, b.pos);
}

const canonical = (n: string) => n.length === 1 || (n[0] !== "0" && n[0] !== "-");

/** Two non-negative integers in decimal: by length, then by digits, as Postgres prints them; else as bigints. */
function compareDecimals(a: string, b: string): number {
  if (canonical(a) && canonical(b)) {
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const d = BigInt(a) - BigInt(b);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

export function positionOf(event: { transaction_id: string; global_position: string }): Position {
  return { tx: event.transaction_id, pos: event.global_position };
}

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}
