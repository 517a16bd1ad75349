import { randomUUID } from "node:crypto";
import { budget, purchaseOrder, purchaseRequest, periodsOf, vendor, type Budget, type PurchaseOrder } from "@procure/contracts";
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

/** A vendor to order from: invoices name the order's vendor. */
export async function budgetVendor(t: TestApp, buyerToken: string): Promise<string> {
  const body = { name: `Budget supplier ${randomUUID().slice(0, 6)}` };
  return (await expectCall(t, "POST", "/api/vendors", { token: buyerToken, body, status: 201, schema: vendor })).id;
}

/** An invoice of `total` recorded against the order's first line, through the invoices' own route (finance or admin). */
/** An invoice of `total` on the order's first line; answers its id. */
export async function recordInvoice(t: TestApp, token: string, order: PurchaseOrder, total: number): Promise<string> {
  const line = order.lines[0]!;
  const body = {
    order_id: order.id,
    number: `INV-${randomUUID().slice(0, 8)}`,
    invoice_date: new Date().toISOString().slice(0, 10),
    lines: [{ line_id: line.id, quantity: 1, unit_price: total }],
  };
  return (await expectCall<{ id: string }>(t, "POST", "/api/invoices", { token, body, status: 201 })).id;
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
    body: { total: 420, status: "issued", vendor_id: await budgetVendor(t, tokens.buyer), request_id: request.id },
    status: 201,
    schema: purchaseOrder,
  });
  await recordInvoice(t, tokens.admin, order, 150);
  return kept;
}
