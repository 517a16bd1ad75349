import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  authResponse,
  budget,
  dashboard,
  demoPassword,
  inboxCounts,
  invoice,
  invoiceMatchStates,
  openQuantity,
  orderReceipt,
  purchaseOrder,
  purchaseRequest,
  vendor,
  vendorDocument,
} from "@procure/contracts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { seedDemoWorkspace } from "./demo-seed.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp("demo-purchasing");
  expect(await seedDemoWorkspace(t.app, t.runtime.db)).toContain("Demo workspace ready");
  const login = await t.call("POST", "/api/auth/login", { body: { email: "buyer@demo.procure.test", password: demoPassword } });
  token = authResponse.parse(login.json()).token;
}, 180_000);
afterAll(async () => {
  await t?.stop();
});

const openLines = (order: { lines: Parameters<typeof openQuantity>[0][] }) => order.lines.filter((line) => openQuantity(line) > 0).length;
const get = async <T>(url: string, schema: z.ZodType<T>) => schema.parse((await t.call("GET", url, { token })).json());

describe("the demo workspace's purchasing data", () => {
  it("has a dozen vendors of mixed status and risk, with renewal dates", async () => {
    const vendors = await get("/api/vendors", z.array(vendor));
    expect(vendors).toHaveLength(12);
    expect(vendors.filter((v) => v.status === "blocked")).toHaveLength(2);
    expect(new Set(vendors.map((v) => v.risk))).toEqual(new Set(["low", "medium", "high"]));
    expect(vendors.filter((v) => v.renewal_date).length).toBeGreaterThan(8);
  });

  it("has 20 orders across statuses and due dates, some for approved requests, and requests with vendors", async () => {
    const orders = await get("/api/orders", z.array(purchaseOrder));
    expect(orders).toHaveLength(20);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(["draft", "issued", "receiving", "received", "cancelled"]));
    const requests = await get("/api/requests?limit=100", z.array(purchaseRequest));
    const linked = orders.filter((o) => o.request_id);
    expect(linked.length).toBeGreaterThanOrEqual(5);
    for (const order of linked) expect(requests.find((r) => r.id === order.request_id)).toMatchObject({ status: "approved", po_number: order.po_number });
    expect(requests.filter((r) => r.vendor_name).length).toBeGreaterThan(20);

    const board = await get("/api/dashboard", dashboard);
    expect(board.purchaseOrders.pastDue).toBeGreaterThan(0);
    expect(board.purchaseOrders.dueNext7Days).toBeGreaterThan(0);
    expect(board.kpis.activeSuppliers).toBe(10);
  });

  it("shows receiving and received only on orders whose receipts say so, and no invoice waits for goods its order has", async () => {
    const orders = await get("/api/orders", z.array(purchaseOrder));
    for (const order of orders) {
      const receipts = await get(`/api/orders/${order.id}/receipts`, z.array(orderReceipt));
      const received = order.lines.filter((line) => line.received_quantity > 0);
      if (order.status === "received") expect(order.lines.every((line) => line.received_quantity === line.quantity)).toBe(true);
      if (order.status === "receiving") expect(received.length > 0 && openLines(order) > 0).toBe(true);
      if (order.status !== "received" && order.status !== "receiving") expect(received).toEqual([]);
      expect(receipts.length > 0).toBe(received.length > 0);
    }
    // Four received with the orders, and one more received before it was invoiced.
    expect(orders.filter((o) => o.status === "received")).toHaveLength(5);
    expect(orders.filter((o) => o.status === "receiving")).toHaveLength(3);

    const login = await t.call("POST", "/api/auth/login", { body: { email: "finance@demo.procure.test", password: demoPassword } });
    const finance = authResponse.parse(login.json()).token;
    const invoices = z.array(invoice).parse((await t.call("GET", "/api/invoices", { token: finance })).json());
    const awaiting = invoices.filter((bill) => bill.match === "awaiting_receipt");
    expect(awaiting.length).toBeGreaterThan(0);
    for (const bill of awaiting) {
      const order = orders.find((o) => o.id === bill.order_id)!;
      expect(order.status, `${bill.number} on ${order.po_number}`).toBe("issued");
      expect(openLines(order)).toBeGreaterThan(0);
    }
  });

  it("has invoices in every match state, one paid and one approved", async () => {
    const login = await t.call("POST", "/api/auth/login", { body: { email: "finance@demo.procure.test", password: demoPassword } });
    const finance = authResponse.parse(login.json()).token;
    const invoices = z.array(invoice).parse((await t.call("GET", "/api/invoices", { token: finance })).json());
    expect(new Set(invoices.map((i) => i.match))).toEqual(new Set(invoiceMatchStates));
    expect(invoices.map((i) => i.status).sort()).toEqual(["approved", "open", "open", "open", "paid"]);
    // One is for an ordered request in a budgeted category: the Budgets screen shows it spent.
    const budgets = z.array(budget).parse((await t.call("GET", "/api/budgets", { token: finance })).json());
    const awaiting = invoices.find((i) => i.match === "awaiting_receipt")!;
    expect(budgets.some((b) => b.spent === awaiting.total)).toBe(true);
  });

  it("shows complete, expiring, expired and missing diligence, and the buyer's inbox counts the vendors needing it", async () => {
    const vendors = await get("/api/vendors", z.array(vendor));
    const active = vendors.filter((v) => v.status === "active");
    const byStatus = (status: string) => active.filter((v) => v.diligence.status === status).map((v) => v.name);
    expect(byStatus("complete")).toHaveLength(5);
    expect(byStatus("expiring").sort()).toEqual(["Adventure Works Furniture", "Wide World Importers"]);
    expect(byStatus("expired")).toEqual(["Fabrikam Logistics"]);
    expect(byStatus("missing").sort()).toEqual(["Alpine Safety Gear", "Coho Print & Signage"]);
    const northwind = vendors.find((v) => v.name === "Northwind Office Supply")!;
    const documents = await get(`/api/vendors/${northwind.id}/documents`, z.array(vendorDocument));
    expect(documents.map((d) => d.kind).sort()).toEqual(["contract", "insurance", "w9"]);
    expect((await get("/api/inbox", inboxCounts)).vendor_diligence).toEqual({ missing: 2, expired: 1, expiring: 2 });
  });
});
