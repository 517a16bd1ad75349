import { describe, expect, it } from "vitest";
import type { PurchaseOrder } from "@procure/contracts";
import { mayReceive, openLines, receiptBodyOf, receiptSummary } from "./receipt-form";

const line = (id: string, description: string, quantity: number, received_quantity: number) => ({
  id,
  description,
  quantity,
  unit_price: 10,
  item_id: null,
  received_quantity,
  invoiced_quantity: 0,
});
const order = (status: PurchaseOrder["status"], lines: ReturnType<typeof line>[]) => ({ status, lines }) as PurchaseOrder;

describe("the receipt form", () => {
  it("offers the lines still open, on issued and receiving orders only", () => {
    const lines = [line("a", "Desk", 3, 1), line("b", "Cable", 2.5, 2.5)];
    expect(openLines(order("receiving", lines)).map((l) => [l.id, l.open])).toEqual([["a", 2]]);
    expect(mayReceive(order("issued", lines))).toBe(true);
    expect(mayReceive(order("draft", lines))).toBe(false);
    expect(mayReceive(order("receiving", [line("b", "Cable", 2.5, 2.5)]))).toBe(false);
  });

  it("sends the typed quantities, leaving out blank and zero lines", () => {
    expect(receiptBodyOf({ a: "2", b: "", c: "0", d: "0.5" }, "2026-11-20", "  ")).toEqual({
      lines: [
        { line_id: "a", quantity: 2 },
        { line_id: "d", quantity: 0.5 },
      ],
      received_on: "2026-11-20",
      note: null,
    });
  });

  it("names a receipt's lines by the order's descriptions", () => {
    const receipt = { id: "r", order_id: "o", lines: [{ line_id: "a", quantity: 2 }], received_on: "2026-11-20", note: null, created_by: null, created_at: "" };
    expect(receiptSummary(receipt, order("receiving", [line("a", "Desk", 3, 2)]))).toBe("2 × Desk");
  });
});
