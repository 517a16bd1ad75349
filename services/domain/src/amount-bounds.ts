import { AMOUNT_MAX, linesOverAmountMax, withinAmountMax } from "@procure/contracts";
import { invalid } from "./domain-error.ts";

/**
 * The amount rule where commands are decided, so no path (screen, API, import, seed) appends an amount beyond
 * `AMOUNT_MAX`: the schemas ask the same before a body reaches a decider, these make sure of it.
 */
export function requireAmountWithinMax(amount: number, message: string): void {
  if (!withinAmountMax(amount)) throw invalid(message, { max: AMOUNT_MAX });
}

/** Each line's quantity × unit price, and the lines' sum (refused with `totalMessage`), within `AMOUNT_MAX`. */
export function requireLinesWithinMax(lines: readonly { quantity: number; unit_price: number }[], totalMessage: string): void {
  const over = linesOverAmountMax(lines, totalMessage);
  if (over) throw invalid(over.message, over.index === null ? { max: AMOUNT_MAX } : { max: AMOUNT_MAX, line: over.index });
}
