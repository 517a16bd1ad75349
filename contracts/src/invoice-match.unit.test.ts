import { describe, expect, it } from "vitest";
import { matchInvoices, outsideTolerance } from "./invoice-match.ts";
import type { OrderLineData } from "./order-lines.ts";

const chairs: OrderLineData = { id: "chair", description: "Chair", quantity: 4, unit_price: 100, item_id: null, received_quantity: 2 };
const invoiced = (quantity: number, unit_price = 100) => ({ lines: [{ line_id: "chair", quantity, unit_price }], tolerance_percent: 2 });

describe("three-way match", () => {
  it("compares prices in cents against the tolerance, both ways", () => {
    expect(outsideTolerance(102, 100, 2)).toBe(false);
    expect(outsideTolerance(102.01, 100, 2)).toBe(true);
    expect(outsideTolerance(98, 100, 2)).toBe(false);
    expect(outsideTolerance(97.99, 100, 2)).toBe(true);
    expect(outsideTolerance(0.01, 0, 2)).toBe(true);
  });

  it("counts the order's earlier invoices, so the one that bills past the goods or the order is flagged", () => {
    const matches = matchInvoices([chairs], [invoiced(2), invoiced(2), invoiced(1), invoiced(1, 90)]);
    expect(matches.map((m) => m.match)).toEqual(["matched", "awaiting_receipt", "over_invoiced", "price_variance"]);
    expect(matches[2]!.lines[0]).toMatchObject({ invoiced_before: 4, ordered_quantity: 4, issue: "over_invoiced" });
    expect(matches[3]!.lines[0]).toMatchObject({ variance_percent: -10 });
  });

  it("turns an invoice awaiting receipt matched once the goods arrive", () => {
    const received = { ...chairs, received_quantity: 4 };
    expect(matchInvoices([received], [invoiced(2), invoiced(2)]).map((m) => m.match)).toEqual(["matched", "matched"]);
  });

  it("flags a line no longer on the order as over-invoiced", () => {
    expect(matchInvoices([], [invoiced(1)])[0]!.match).toBe("over_invoiced");
  });
});

describe("a rejected invoice", () => {
  it("is matched as it stands but bills nothing for the invoices after it", () => {
    const rejected = { ...invoiced(2), status: "rejected" };
    const matches = matchInvoices([{ ...chairs, received_quantity: 4 }], [invoiced(2), rejected, invoiced(2), invoiced(1)]);
    expect(matches.map((m) => m.match)).toEqual(["matched", "matched", "matched", "over_invoiced"]);
    expect(matches[2]!.lines[0]).toMatchObject({ invoiced_before: 2 });
  });
});
