import { z } from "zod";
import { amountTooLargeMessage, blankAsNull, lineString, toCents } from "./common.ts";
import { lineQuantity, linesOverAmountMax, unitPriceInput, unitPriceMessage } from "./order-lines.ts";

/**
 * What a request asks for, line by line: its amount is the lines' sum (`linesTotal`, added in whole cents). A line
 * from the catalogue names its item, and its unit price is the item's for that quantity, worked out by the server.
 */

export const requestTotalTooLargeMessage = amountTooLargeMessage("A request's total");
export const requestAmountOrLinesMessage = "Enter an amount or at least one line.";

/** A line as a form or client sends it; a catalogue line's unit price, if sent, is ignored for the item's. */
export const requestLineInput = z.object({
  description: lineString().trim().min(1, { error: "Describe each line" }).max(300),
  quantity: lineQuantity,
  unit_price: unitPriceInput.optional(),
  catalogue_item_id: blankAsNull(z.uuid({ error: "Choose a valid catalogue item." })).optional(),
});
export type RequestLineInput = z.infer<typeof requestLineInput>;
/** A line as a client writes it in a request body. */
export type RequestLineBody = z.input<typeof requestLineInput>;

/** A line as a request's events and every request answer carry it. */
export const requestLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  catalogue_item_id: z.string().nullable(),
});
export type RequestLine = z.infer<typeof requestLine>;

/** A request given only an amount (or saved before lines existed) is one line of that amount, named by its title. */
export const amountLine = (title: string, amount: number): RequestLine => ({
  description: title,
  quantity: 1,
  unit_price: toCents(amount),
  catalogue_item_id: null,
});

/** A request's lines as its details carry them, or one line of its amount when they carry none. */
export const requestLinesOf = (details: { title: string; amount: number; lines?: RequestLine[] | undefined }): RequestLine[] =>
  details.lines ?? [amountLine(details.title, details.amount)];

/** The unit price a catalogue item has at `quantity`: the highest volume tier reached, else its base price. */
export function volumeUnitPrice(
  item: { base_price: number; pricing_tiers: readonly { min_quantity: number; unit_price: number }[] },
  quantity: number,
): number {
  const reached = item.pricing_tiers.filter((tier) => tier.min_quantity <= quantity);
  const best = reached.reduce<{ min_quantity: number; unit_price: number } | null>(
    (top, tier) => (!top || tier.min_quantity > top.min_quantity ? tier : top),
    null,
  );
  return best ? best.unit_price : item.base_price;
}

/**
 * A request body's lines: each one priced unless it is a catalogue line, and each line's amount and their sum
 * within the amount rule (a catalogue line counts at its sent price here; the decider checks it at the item's).
 */
export const refineRequestLines = (lines: readonly RequestLineInput[] | undefined, ctx: z.RefinementCtx) => {
  if (!lines) return;
  lines.forEach((line, index) => {
    if (line.unit_price === undefined && !line.catalogue_item_id)
      ctx.addIssue({ code: "custom", message: unitPriceMessage, path: ["lines", index, "unit_price"] });
  });
  const over = linesOverAmountMax(
    lines.map((line) => ({ quantity: line.quantity, unit_price: line.unit_price ?? 0 })),
    requestTotalTooLargeMessage,
  );
  if (over) ctx.addIssue({ code: "custom", message: over.message, path: over.index === null ? ["lines"] : ["lines", over.index, "unit_price"] });
};
