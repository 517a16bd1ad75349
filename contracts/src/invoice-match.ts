import { addQuantities, subtractQuantities, type OrderLineData } from "./order-lines.ts";
import type { InvoiceLineData, InvoiceMatchState } from "./invoice-events.ts";

/**
 * The three-way match: each invoice line against its order line (price) and against what was ordered and received
 * (quantity). Quantities count every invoice recorded on the order up to and including this one, rejected ones
 * aside, so the invoice that bills past the order or the goods is the one flagged, and earlier invoices keep their match. One function for the
 * decider, the read model and the screen, so they never disagree.
 */

/** A rejected invoice bills nothing: it is matched as it stands, but the invoices after it do not count its lines. */
export type InvoiceToMatch = { lines: readonly InvoiceLineData[]; tolerance_percent: number; status?: string };

const bills = (invoice: { status?: string }) => invoice.status !== "rejected";

export type LineIssue = Exclude<InvoiceMatchState, "matched">;

export type MatchedLine = InvoiceLineData & {
  description: string;
  order_unit_price: number;
  /** How far the invoiced price is from the order's, in percent of the order's (null when the order's price is 0). */
  variance_percent: number | null;
  ordered_quantity: number;
  received_quantity: number;
  /** This line's quantity on the order's invoices recorded before this one. */
  invoiced_before: number;
  issue: LineIssue | null;
};

export type InvoiceMatch = { match: InvoiceMatchState; lines: MatchedLine[] };

/** Worst first: a wrong price needs a person, too much billed is never fixed by receipts, missing goods may arrive. */
const precedence: readonly LineIssue[] = ["price_variance", "over_invoiced", "awaiting_receipt"];

const cents = (amount: number) => Math.round(amount * 100);

/** Whether `price` is outside `tolerancePercent` of `ordered`, compared in whole cents. */
export function outsideTolerance(price: number, ordered: number, tolerancePercent: number): boolean {
  const difference = Math.abs(cents(price) - cents(ordered));
  return difference * 100 > cents(ordered) * tolerancePercent + 1e-9;
}

function matchLine(line: InvoiceLineData, orderLine: OrderLineData | undefined, before: number, tolerance: number): MatchedLine {
  const ordered = orderLine?.quantity ?? 0;
  const received = orderLine?.received_quantity ?? 0;
  const orderPrice = orderLine?.unit_price ?? 0;
  const through = addQuantities(before, line.quantity);
  const issue: LineIssue | null = !orderLine
    ? "over_invoiced"
    : outsideTolerance(line.unit_price, orderPrice, tolerance)
      ? "price_variance"
      : subtractQuantities(through, ordered) > 0
        ? "over_invoiced"
        : subtractQuantities(through, received) > 0
          ? "awaiting_receipt"
          : null;
  return {
    ...line,
    description: orderLine?.description ?? "Line no longer on the order",
    order_unit_price: orderPrice,
    variance_percent: orderPrice > 0 ? Math.round(((line.unit_price - orderPrice) / orderPrice) * 10000) / 100 : null,
    ordered_quantity: ordered,
    received_quantity: received,
    invoiced_before: before,
    issue,
  };
}

/** Each invoice's match, in the order the invoices were recorded on the order. */
export function matchInvoices(orderLines: readonly OrderLineData[], invoices: readonly InvoiceToMatch[]): InvoiceMatch[] {
  const byId = new Map(orderLines.map((line) => [line.id, line]));
  const invoiced = new Map<string, number>();
  return invoices.map((invoice) => {
    const lines = invoice.lines.map((line) => {
      const before = invoiced.get(line.line_id) ?? 0;
      if (bills(invoice)) invoiced.set(line.line_id, addQuantities(before, line.quantity));
      return matchLine(line, byId.get(line.line_id), before, invoice.tolerance_percent);
    });
    const match = precedence.find((issue) => lines.some((line) => line.issue === issue)) ?? "matched";
    return { match, lines };
  });
}

/** How much of each order line the invoices bill, every one but the rejected counted. */
export function invoicedQuantities(invoices: readonly { lines: readonly InvoiceLineData[]; status?: string }[]): Map<string, number> {
  const invoiced = new Map<string, number>();
  for (const line of invoices.filter(bills).flatMap((invoice) => invoice.lines))
    invoiced.set(line.line_id, addQuantities(invoiced.get(line.line_id) ?? 0, line.quantity));
  return invoiced;
}
