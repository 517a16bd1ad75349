import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  AMOUNT_MAX,
  dashboard,
  errorBody,
  invoice,
  invoiceTotalTooLargeMessage,
  lineTotalTooLargeMessage,
  purchaseOrder,
  vendor,
  type NewEvent,
} from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { requestCreated } from "@procure/infra/testing/request-events";

/**
 * Every amount the product works out (a line's quantity × unit price, an order's or invoice's total) stays within
 * AMOUNT_MAX, and the read models hold whatever the log has, sums and orders from before the rule included: one
 * amount too wide for a column would stop its projection group, and every screen behind it, for good.
 */
let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("amounts");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const eventCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);
const huge = { quantity: 1000, unit_price: AMOUNT_MAX };

async function expectRefused(token: string, url: string, body: object, message: string) {
  const before = await eventCount();
  const res = await t.call("POST", url, { token, body });
  expect(res.statusCode, res.body).toBe(400);
  expect(errorBody.parse(res.json()).error.message).toBe(message);
  expect(await eventCount()).toBe(before);
}

const createOrder = (body: object) => expectCall(t, "POST", "/api/orders", { token: users.buyer.token, body, status: 201, schema: purchaseOrder });
const readDashboard = () => expectCall(t, "GET", "/api/dashboard", { token: users.admin.token, schema: dashboard });

/** Polls until the order is in its read model, as another user reads it (no wait on a write of their own). */
async function readOrderEventually(id: string) {
  await expect.poll(async () => (await t.call("GET", `/api/orders/${id}`, { token: users.admin.token })).statusCode, { timeout: 20_000 }).toBe(200);
  return expectCall(t, "GET", `/api/orders/${id}`, { token: users.admin.token, schema: purchaseOrder });
}

/** A normal order after whatever came before it: saved, read back, and counted on the dashboard. */
async function expectOrdersStillMoving() {
  const before = (await readDashboard()).purchaseOrders.totalAmount;
  const order = await createOrder({ vendor_name: "Corner Shop", status: "issued", lines: [{ description: "Paper", quantity: 3, unit_price: 12.5 }] });
  expect((await readOrderEventually(order.id)).total).toBe(37.5);
  await expect.poll(async () => (await readDashboard()).purchaseOrders.totalAmount, { timeout: 20_000 }).toBe(before + 37.5);
}

describe("the amount rule", () => {
  it("refuses an order line of 1,000 at one billion each with 400, appends nothing, and later orders still appear", async () => {
    await expectRefused(
      users.buyer.token,
      "/api/orders",
      { vendor_name: "Steelworks", lines: [{ description: "Girders", ...huge }] },
      lineTotalTooLargeMessage,
    );
    await expectOrdersStillMoving();
  });

  it("refuses an invoice line of 1,000 at one billion each, or lines summing past the bound, with 400 and appends nothing", async () => {
    const v = await expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body: { name: "Steelworks Ltd" }, status: 201, schema: vendor });
    const order = await createOrder({ vendor_id: v.id, status: "issued", lines: [{ description: "Girders", quantity: 1000, unit_price: 2 }] });
    const [girders] = order.lines;
    const invoiceBody = (lines: object[]) => ({ order_id: order.id, number: `INV-${randomUUID().slice(0, 8)}`, invoice_date: "2026-11-20", lines });
    await expectRefused(users.finance.token, "/api/invoices", invoiceBody([{ line_id: girders!.id, ...huge }]), lineTotalTooLargeMessage);
    const half = { line_id: girders!.id, quantity: 1, unit_price: 600_000_000 };
    const twoLines = await createOrder({
      vendor_id: v.id,
      status: "issued",
      lines: [
        { description: "Beams", quantity: 1, unit_price: 1 },
        { description: "Bolts", quantity: 1, unit_price: 1 },
      ],
    });
    const [beams, bolts] = twoLines.lines;
    await expectRefused(
      users.finance.token,
      "/api/invoices",
      {
        ...invoiceBody([]),
        order_id: twoLines.id,
        lines: [
          { ...half, line_id: beams!.id },
          { ...half, line_id: bolts!.id },
        ],
      },
      invoiceTotalTooLargeMessage,
    );
    await expectOrdersStillMoving();
  });

  it("still applies an order, its invoice and a request recorded before the rule with amounts past it, and the next order appears", async () => {
    const orderId = randomUUID();
    const lineId = randomUUID();
    const invoiceId = randomUUID();
    const requestId = randomUUID();
    const vendorId = randomUUID();
    const total = 1000 * AMOUNT_MAX;
    const poNumber = `PO-OLD-${orderId.slice(0, 6)}`;
    const orderEvents: NewEvent[] = [
      {
        type: "PurchaseOrderSaved",
        data: {
          order_id: orderId,
          po_number: poNumber,
          vendor_id: vendorId,
          vendor_name: "Old Steelworks",
          total,
          status: "issued",
          request_id: null,
          expected_date: null,
          notes: null,
          lines: [{ id: lineId, description: "Girders", ...huge, item_id: null, received_quantity: 0 }],
        },
      },
      {
        type: "InvoiceRecorded",
        data: {
          invoice_id: invoiceId,
          order_id: orderId,
          vendor_id: vendorId,
          number: "OLD-1",
          po_number: poNumber,
          vendor_name: "Old Steelworks",
          invoice_date: "2026-11-20",
          lines: [{ line_id: lineId, ...huge }],
          total,
          notes: null,
          tolerance_percent: 0,
          match: "awaiting_receipt",
        },
      },
    ];
    const requestEvents: NewEvent[] = [requestCreated(users.requester, { request_id: requestId, title: "Plant", amount: total })];
    // Straight into the log, as a release before the rule could have appended them.
    await t.runtime.store.append(
      [
        { streamType: "order", streamId: `order-${orderId}`, expectedVersion: 0, events: orderEvents },
        { streamType: "request", streamId: `request-${requestId}`, expectedVersion: 0, events: requestEvents },
      ],
      { metadata: { actor_id: users.admin.id, actor_role: "admin", correlation_id: randomUUID() }, recordedAt: new Date().toISOString() },
    );

    expect((await readOrderEventually(orderId)).total).toBe(total);
    await expect
      .poll(async () => (await t.call("GET", `/api/invoices/${invoiceId}`, { token: users.finance.token })).statusCode, { timeout: 20_000 })
      .toBe(200);
    const recorded = await expectCall(t, "GET", `/api/invoices/${invoiceId}`, { token: users.finance.token, schema: invoice });
    expect(recorded.total).toBe(total);
    await expect
      .poll(async () => (await t.call("GET", `/api/requests/${requestId}`, { token: users.admin.token })).json().amount, { timeout: 20_000 })
      .toBe(total);
    expect((await readDashboard()).purchaseOrders.awaitingReceiptAmount).toBeGreaterThanOrEqual(total);
    await expectOrdersStillMoving();
  });
});
