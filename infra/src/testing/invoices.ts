import { expect } from "vitest";
import { invoice, purchaseOrder } from "@procure/contracts";
import { expectCall } from "./http.ts";
import type { TestApp } from "./test-app.ts";
import { addUser } from "./users.ts";

/**
 * An order of a vendor invoiced in every match state, goods received after one invoice waited for them, one invoice
 * approved and paid (with the vendor's document attached), one disputed and resolved, one rejected, and the tolerance changed (as the admin whose token is given; a finance member the admin adds
 * approves, since separation of duties keeps the recorder from it), so a test that rebuilds every projection has
 * invoices to rebuild.
 */
export async function recordInvoices(t: TestApp, token: string, tag = "T"): Promise<void> {
  const [vendor] = await expectCall<{ id: string }[]>(t, "GET", "/api/vendors?status=active&limit=1", { token });
  expect(vendor, "a vendor to invoice for").toBeDefined();
  const body = {
    vendor_id: vendor!.id,
    status: "issued",
    lines: [
      { description: "Chair", quantity: 4, unit_price: 100 },
      { description: "Desk", quantity: 2, unit_price: 250 },
    ],
  };
  const order = await expectCall(t, "POST", "/api/orders", { token, body, status: 201, schema: purchaseOrder });
  const [chair, desk] = order.lines;
  const record = (number: string, lines: object[]) =>
    expectCall(t, "POST", "/api/invoices", {
      token,
      body: { order_id: order.id, number: `${tag}-${number}`, invoice_date: "2026-11-20", lines },
      status: 201,
      schema: invoice,
    });
  await expectCall(t, "POST", `/api/orders/${order.id}/receipts`, { token, body: { lines: [{ line_id: chair!.id, quantity: 2 }] }, status: 201 });
  const matched = await record("1", [{ line_id: chair!.id, quantity: 2, unit_price: 101 }]);
  await record("2", [{ line_id: chair!.id, quantity: 2, unit_price: 100 }]);
  const variance = await record("3", [{ line_id: desk!.id, quantity: 1, unit_price: 300 }]);
  const over = await record("4", [{ line_id: chair!.id, quantity: 1, unit_price: 100 }]);
  await expectCall(t, "POST", `/api/orders/${order.id}/receipts`, { token, body: { lines: [{ line_id: chair!.id, quantity: 2 }] }, status: 201 });
  const approver = await addUser(t, { token }, "finance");
  await expectCall(t, "POST", `/api/invoices/${matched.id}/approve`, { token: approver.token, body: {} });
  await expectCall(t, "POST", `/api/invoices/${matched.id}/pay`, { token, body: { paid_on: new Date().toISOString().slice(0, 10), reference: "TRF-1" } });
  await expectCall(t, "POST", `/api/invoices/${variance.id}/dispute`, { token, body: { reason: "Desk priced above the order." } });
  await expectCall(t, "POST", `/api/invoices/${variance.id}/resolve`, { token });
  await expectCall(t, "POST", `/api/invoices/${over.id}/reject`, { token, body: { reason: "Billed twice." } });
  const document = new FormData();
  document.append("file", new Blob([Buffer.from("%PDF-1.4 invoice")], { type: "application/pdf" }), "invoice.pdf");
  const attached = await fetch(`${t.url}/api/invoices/${matched.id}/files`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: document });
  expect(attached.status).toBe(201);
  await expectCall(t, "PATCH", "/api/settings/matching", { token, body: { tolerance_percent: 3 } });
}
