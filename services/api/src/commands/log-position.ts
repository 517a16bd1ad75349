import type { Position } from "@procure/contracts";

/** Sent with every command's answer: how far in the log the command's write reached. */
export const POSITION_HEADER = "x-procure-position";
/** Sent back with a read: answer only from read models that have reached this point of the log. */
export const AFTER_HEADER = "x-procure-after";

const DIGITS = 16;
const TOKEN = /^[0-9a-f]{32}$/;

/**
 * A position as clients carry it: opaque, of one length, and in log order as plain strings, so a client keeps the
 * greatest it has seen without knowing what is inside.
 */
export function encodePosition(position: Position): string {
  return hex(position.tx) + hex(position.pos);
}

/** The position a token names, or null for anything the API did not give out. */
export function decodePosition(token: string): Position | null {
  if (!TOKEN.test(token)) return null;
  return { tx: BigInt(`0x${token.slice(0, DIGITS)}`).toString(), pos: BigInt(`0x${token.slice(DIGITS)}`).toString() };
}

const hex = (decimal: string) => BigInt(decimal).toString(16).padStart(DIGITS, "0");
