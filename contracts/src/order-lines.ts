import { z } from "zod";
import { AMOUNT_MAX, amountTooLargeMessage, blankAsNull, isoDate, lineString, shortText, withinAmountMax } from "./common.ts";

/**
 * An order's lines and the goods received against them. Quantities have up to three decimals and are summed in
 * thousandths, so 0.1 + 0.2 received is exactly 0.3; money goes through `toCents` like every other amount.
 */

export const linesTotalMessage = "The total must equal the sum of the lines.";
export const quantityMessage = "Enter a quantity above 0 with at most 3 decimals";
export const unitPriceMessage = "Enter a valid unit price";
/** What an order saved without lines is: one line of its whole total. */
export const orderTotalLineDescription = "Order total";

const thousandths = (q: number) => Math.round(q * 1000);
/** Quantities added and subtracted without float drift. */
export const addQuantities = (a: number, b: number) => (thousandths(a) + thousandths(b)) / 1000;
export const subtractQuantities = (a: number, b: number) => (thousandths(a) - thousandths(b)) / 1000;

const hasAtMostThreeDecimals = (q: number) => Math.abs(q * 1000 - thousandths(q)) < 1e-6;

/** A form may send numbers as text. */
const numeric = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), schema);

export const lineQuantity = numeric(
  z
    .number({ error: quantityMessage })
    .gt(0, { error: quantityMessage })
    .max(1_000_000_000, { error: quantityMessage })
    .refine(hasAtMostThreeDecimals, { error: quantityMessage }),
);

/** A unit price as a form or client sends it (text or number), for an order line or an invoiced line. */
export const unitPriceInput = numeric(
  z.number({ error: unitPriceMessage }).finite().min(0, { error: unitPriceMessage }).max(AMOUNT_MAX, { error: unitPriceMessage }),
);

/** A line as a form or client sends it; a line without `id` is new. */
export const orderLineInput = z.object({
  id: z.uuid({ error: "Unknown order line" }).optional(),
  description: lineString().trim().min(1, { error: "Describe each line" }).max(300),
  quantity: lineQuantity,
  unit_price: unitPriceInput,
  item_id: blankAsNull(z.uuid({ error: "Choose a valid catalogue item." })).optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

/** A line as the order's events carry it: what was ordered, and what has been received of it so far. */
export const orderLineData = z.object({
  id: z.uuid(),
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  item_id: z.string().nullable(),
  received_quantity: z.number(),
});
export type OrderLineData = z.infer<typeof orderLineData>;

/** A line as every order answer carries it. */
export const orderLine = orderLineData.extend({ invoiced_quantity: z.number() });
export type OrderLine = z.infer<typeof orderLine>;

/** One line's amount in whole cents, multiplied as integers (thousandths × cents) so half a cent rounds up exactly. */
const lineCents = (line: { quantity: number; unit_price: number }) => Math.round((thousandths(line.quantity) * Math.round(line.unit_price * 100)) / 1000);

/** One line's amount: quantity × unit price, in cents. */
export const lineAmount = (line: { quantity: number; unit_price: number }) => lineCents(line) / 100;

/** The sum of the lines' amounts, added in whole cents. */
export const linesTotal = (lines: readonly { quantity: number; unit_price: number }[]) => lines.reduce((cents, line) => cents + lineCents(line), 0) / 100;

// ---- the amount rule on lines: each line's amount and their sum stay within AMOUNT_MAX ----

export const lineTotalTooLargeMessage = amountTooLargeMessage("A line's total (quantity × unit price)");
export const orderTotalTooLargeMessage = amountTooLargeMessage("An order's total");
export const invoiceTotalTooLargeMessage = amountTooLargeMessage("An invoice's total");

/** Where lines break the amount rule: the first line whose amount is too large (`index`), or their sum (`index` null). */
export function linesOverAmountMax(
  lines: readonly { quantity: number; unit_price: number }[],
  totalMessage: string,
): { index: number | null; message: string } | null {
  const index = lines.findIndex((line) => !withinAmountMax(lineAmount(line)));
  if (index >= 0) return { index, message: lineTotalTooLargeMessage };
  return withinAmountMax(linesTotal(lines)) ? null : { index: null, message: totalMessage };
}

/** The same rule where lines are parsed: the issue names the line's unit price, or the lines as a whole. */
export const refineLineAmounts = (totalMessage: string) => (lines: readonly { quantity: number; unit_price: number }[], ctx: z.RefinementCtx) => {
  const over = linesOverAmountMax(lines, totalMessage);
  if (over) ctx.addIssue({ code: "custom", message: over.message, path: over.index === null ? [] : [over.index, "unit_price"] });
};

/**
 * The lines of an order as saved. Orders saved before lines existed carry none: they are one line of their total,
 * whose id is the order's own, so a receipt against it names the same line every time it is read.
 */
export function orderLinesOf(order: { order_id: string; total: number; lines?: OrderLineData[] | undefined }): OrderLineData[] {
  return order.lines ?? [totalLine(order.order_id, order.total)];
}

export const totalLine = (id: string, total: number): OrderLineData => ({
  id,
  description: orderTotalLineDescription,
  quantity: 1,
  unit_price: total,
  item_id: null,
  received_quantity: 0,
});

export const openQuantity = (line: OrderLineData) => subtractQuantities(line.quantity, line.received_quantity);
/** What is still to be received of the lines: each line's open quantity at its unit price, in cents. */
export const awaitingReceiptAmount = (lines: readonly OrderLineData[]) =>
  linesTotal(lines.map((line) => ({ quantity: Math.max(openQuantity(line), 0), unit_price: line.unit_price })));
export const anyReceived = (lines: readonly OrderLineData[]) => lines.some((line) => line.received_quantity > 0);
export const allReceived = (lines: readonly OrderLineData[]) => lines.every((line) => openQuantity(line) <= 0);

// ---- receipts ----

export const receiptLineInput = z.object({ line_id: z.uuid({ error: "Unknown order line" }), quantity: lineQuantity });

export const receiptBody = z.object({
  lines: z.array(receiptLineInput).min(1, { error: "Enter a quantity received for at least one line" }).max(500),
  received_on: blankAsNull(z.iso.date({ error: "Enter a valid date received" })).optional(),
  note: blankAsNull(shortText(2000)).optional(),
});
export type ReceiptBody = z.infer<typeof receiptBody>;

export const receiptLine = z.object({ line_id: z.string(), quantity: z.number() });

export const orderReceipt = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  lines: z.array(receiptLine),
  received_on: isoDate,
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type OrderReceipt = z.infer<typeof orderReceipt>;

// ---- history ----

export const orderHistoryKinds = [
  "saved",
  "received",
  "deleted",
  "invoice_recorded",
  "invoice_matched",
  "invoice_approved",
  "invoice_paid",
  "invoice_disputed",
  "invoice_dispute_resolved",
  "invoice_rejected",
] as const;

/** What happened to an order, by whom and when, oldest first: read from the order's own stream, its invoices included. */
export const orderHistoryEntry = z.object({
  type: z.enum(orderHistoryKinds),
  actor_email: z.string().nullable(),
  recorded_at: z.string(),
  /** One line saying what changed: the status saved, the goods received, the invoice and its match. */
  summary: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;
export const orderHistory = z.object({ items: z.array(orderHistoryEntry) });
