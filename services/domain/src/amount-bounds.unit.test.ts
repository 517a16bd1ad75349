import { describe, expect, it } from "vitest";
import {
  AMOUNT_MAX,
  amountTooLarge,
  budgetTooLargeMessage,
  invoiceTotalTooLargeMessage,
  lineTotalTooLargeMessage,
  orderTotalTooLargeMessage,
  type OrderCommand,
  type OrderLineData,
} from "@procure/contracts";
import { DomainError } from "./domain-error.ts";
import { evolveOrder, initialOrderState, orderDecider, type OrderState } from "./purchase-order.ts";
import { createRequest } from "./purchase-request.ts";
import { budgetDecider } from "./budget.ts";

const orderId = "22222222-2222-4222-8222-222222222222";
const vendorId = "11111111-1111-4111-8111-111111111111";
const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: orderId };
const fields = { po_number: "PO-2026-00001", vendor_id: vendorId, total: null, status: "issued" as const, request_id: null, expected_date: null, notes: null };

const line = (id: string, quantity: number, unit_price: number) => ({ id, description: `Line ${id}`, quantity, unit_price, item_id: null });
const saveLines = (lines: ReturnType<typeof line>[], state: OrderState = initialOrderState) =>
  orderDecider.decide(state, { type: "SaveOrder", mode: "create", fields, lines, vendor_name: null, vendor: { name: "Acme", status: "active" } }, context);
const saveTotal = (total: number, state: OrderState = initialOrderState, status: "issued" | "cancelled" = "issued") =>
  orderDecider.decide(
    state,
    {
      type: "SaveOrder",
      mode: state.exists ? "edit" : "create",
      fields: { ...fields, total, status },
      lines: null,
      vendor_name: null,
      vendor: { name: "Acme", status: "active" },
    },
    context,
  );

function refusal(decide: () => unknown): { message: string; details: unknown } {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError && error.kind === "invalid") return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error("the command was decided");
}

describe("the amount rule where orders are decided", () => {
  it("refuses a line whose quantity × unit price is past the bound, each factor being within it", () => {
    expect(refusal(() => saveLines([line("a", 1000, AMOUNT_MAX)]))).toEqual({ message: lineTotalTooLargeMessage, details: { max: AMOUNT_MAX, line: 0 } });
  });

  it("refuses lines each within the bound whose sum is past it, and takes the bound itself", () => {
    const half = 600_000_000;
    expect(refusal(() => saveLines([line("a", 1, half), line("b", 1, half)])).message).toBe(orderTotalTooLargeMessage);
    expect(saveLines([line("a", 1000, AMOUNT_MAX / 1000)])[0]).toMatchObject({ type: "PurchaseOrderSaved", data: { total: AMOUNT_MAX } });
  });

  it("refuses an order total past the bound from any path, yet lets an order saved before the rule be cancelled", () => {
    expect(refusal(() => saveTotal(AMOUNT_MAX + 1)).message).toBe(orderTotalTooLargeMessage);
    const lines: OrderLineData[] = [{ ...line("a", 1000, AMOUNT_MAX), received_quantity: 0 }];
    const before = evolveOrder(initialOrderState, {
      type: "PurchaseOrderSaved",
      data: { order_id: orderId, ...fields, vendor_name: "Acme", total: 1e12, lines },
    });
    expect(saveTotal(1e12, before, "cancelled")[0]).toMatchObject({ type: "PurchaseOrderSaved", data: { status: "cancelled", total: 1e12 } });
  });

  it("refuses an invoice whose line or total is past the bound", () => {
    const order = saveLines([line("a", 1000, 1000), line("b", 1000, 1000)]).reduce(evolveOrder, initialOrderState);
    const record = (lines: { line_id: string; quantity: number; unit_price: number }[]) => {
      const invoice = {
        invoice_id: "44444444-4444-4444-8444-444444444444",
        number: "INV-1",
        invoice_date: "2026-01-01",
        lines,
        notes: null,
        tolerance_percent: 0,
      };
      return orderDecider.decide(order, { type: "RecordInvoice", invoice } as OrderCommand, context);
    };
    expect(refusal(() => record([{ line_id: "a", quantity: 1000, unit_price: AMOUNT_MAX }])).message).toBe(lineTotalTooLargeMessage);
    const half = { quantity: 1, unit_price: 600_000_000 };
    expect(
      refusal(() =>
        record([
          { line_id: "a", ...half },
          { line_id: "b", ...half },
        ]),
      ).message,
    ).toBe(invoiceTotalTooLargeMessage);
  });
});

describe("the amount rule on requests and budgets", () => {
  it("refuses a request or a budget past the bound", () => {
    const data = {
      request_id: orderId,
      title: "Plant",
      amount: AMOUNT_MAX + 0.01,
      description: null,
      category_id: null,
      category_name: null,
      vendor_id: null,
      vendor_name: null,
      priority: "normal" as const,
      needed_by: null,
      requester_id: "r",
      requester_email: "r@x.test",
      rule_id: null,
      stages: [],
    };
    expect(refusal(() => createRequest(data, context.now)).message).toBe(amountTooLarge);
    const budget = { category_id: vendorId, category_name: null, period: "2026", amount: AMOUNT_MAX * 2 };
    expect(refusal(() => budgetDecider.decide(budgetDecider.initialState, { type: "CreateBudget", budget }, context)).message).toBe(budgetTooLargeMessage);
  });
});
