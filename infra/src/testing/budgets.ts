import { randomUUID } from "node:crypto";
import { budget, purchaseOrder, purchaseRequest, periodsOf, toCents, type Budget, type PurchaseOrder } from "@procure/contracts";
import { orderDecider } from "@procure/domain";
import type { TestApp } from "./test-app.ts";
import { appendEvents, category } from "./catalogue-events.ts";
import { expectCall } from "./http.ts";

/** A category of its own for a test's budgets, straight on the log like the scenario's. */
export async function budgetCategory(t: TestApp, name = `Budgeted ${randomUUID().slice(0, 6)}`): Promise<string> {
  const id = randomUUID();
  await appendEvents(t, "category", `category-${id}`, [category(id, name)]);
  return id;
}

/** The quarter an approval today counts in. */
export const thisQuarter = () => periodsOf(new Date().toISOString().slice(0, 10))[1]!;

/**
 * An invoice recorded against an order, straight on the order's stream (the invoice routes are another feature's):
 * one line of the order invoiced at `total`.
 */
export async function recordInvoice(t: TestApp, order: PurchaseOrder, total: number): Promise<void> {
  const line = order.lines[0]!;
  const invoiceId = randomUUID();
  await appendEvents(t, "order", orderDecider.streamId(order.id), [
    {
      type: "InvoiceRecorded",
      data: {
        invoice_id: invoiceId,
        order_id: order.id,
        vendor_id: order.vendor_id ?? randomUUID(),
        number: `INV-${invoiceId.slice(0, 8)}`,
        po_number: order.po_number,
        vendor_name: order.vendor_name,
        invoice_date: new Date().toISOString().slice(0, 10),
        lines: [{ line_id: line.id, quantity: 1, unit_price: toCents(total) }],
        total: toCents(total),
        notes: null,
        tolerance_percent: 0,
        match: "matched",
      },
    },
  ]);
}

type Tokens = { requester: string; approver: string; buyer: string; admin: string };

/**
 * Budgets created, changed and deleted, and a request in the budgeted category approved, ordered and invoiced, so a
 * test that rebuilds every projection has budget events and figures of each kind to rebuild from.
 */
export async function fileBudgets(t: TestApp, tokens: Tokens): Promise<Budget> {
  const categoryId = await budgetCategory(t);
  const create = (period: string, amount: number) =>
    expectCall(t, "POST", "/api/budgets", { token: tokens.admin, body: { category_id: categoryId, period, amount }, status: 201, schema: budget });
  const kept = await create(thisQuarter(), 1000);
  await expectCall(t, "PATCH", `/api/budgets/${kept.id}`, { token: tokens.admin, body: { amount: 1200 }, schema: budget });
  const dropped = await create("2020", 50);
  await expectCall(t, "DELETE", `/api/budgets/${dropped.id}`, { token: tokens.admin, status: 204 });
  const body = { title: "Budgeted chairs", amount: 400, category_id: categoryId };
  const request = await expectCall(t, "POST", "/api/requests", { token: tokens.requester, body, status: 201, schema: purchaseRequest });
  await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: tokens.approver, body: {} });
  const order = await expectCall(t, "POST", "/api/orders", {
    token: tokens.buyer,
    body: { total: 420, status: "issued", vendor_name: "Chair Co", request_id: request.id },
    status: 201,
    schema: purchaseOrder,
  });
  await recordInvoice(t, order, 150);
  return kept;
}
