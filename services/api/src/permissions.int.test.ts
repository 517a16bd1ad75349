import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { can, errorBody, purchaseOrder, roles, vendor, type Permission, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { addUser, createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { budgetCategory } from "@procure/infra/testing/budgets";

let t: TestApp;
let users: Record<Role, TestUser>;
let vendorId: string;
let orderId: string;
let categoryId: string;
let budgetId: string;
/** Who records and who approves the invoices each role then approves or pays: separation of duties keeps them apart. */
let clerks: { recorder: TestUser; approver: TestUser };
beforeAll(async () => {
  t = await startTestApp("purchasing-permissions");
  users = await createUsers(t);
  clerks = { recorder: await addUser(t, users.admin, "finance"), approver: await addUser(t, users.admin, "finance") };
  vendorId = (await expectCall(t, "POST", "/api/vendors", { token: users.admin.token, body: { name: "Matrix Ltd" }, status: 201, schema: vendor })).id;
  orderId = (
    await expectCall(t, "POST", "/api/orders", { token: users.admin.token, body: { total: 1, vendor_id: vendorId }, status: 201, schema: purchaseOrder })
  ).id;
  categoryId = await budgetCategory(t);
  budgetId = await freshBudget();
});
afterAll(async () => {
  await t?.stop();
});

/** Every purchasing route with the permission the matrix in contracts/roles.ts says it needs (null: any signed-in user). */
const routes: { method: string; url: () => string | Promise<string>; body?: () => object; needs: Permission | null }[] = [
  { method: "GET", url: () => "/api/vendors", needs: "vendors:read" },
  { method: "GET", url: () => `/api/vendors/${vendorId}`, needs: "vendors:read" },
  { method: "POST", url: () => "/api/vendors", body: () => ({ name: `Vendor ${Math.random()}` }), needs: "vendors:write" },
  { method: "PATCH", url: () => `/api/vendors/${vendorId}`, body: () => ({ notes: `note ${Math.random()}` }), needs: "vendors:write" },
  { method: "GET", url: () => "/api/orders", needs: "orders:read" },
  { method: "GET", url: () => `/api/orders/${orderId}`, needs: "orders:read" },
  { method: "POST", url: () => "/api/orders", body: () => ({ total: 2, vendor_name: "Matrix Ltd" }), needs: "orders:write" },
  { method: "PUT", url: () => `/api/orders/${orderId}`, body: () => ({ total: Math.random(), vendor_id: vendorId }), needs: "orders:write" },
  { method: "PATCH", url: () => `/api/orders/${orderId}`, body: () => ({ notes: `note ${Math.random()}` }), needs: "orders:write" },
  { method: "DELETE", url: async () => `/api/orders/${await freshOrder()}`, needs: "orders:write" },
  { method: "GET", url: () => `/api/orders/${orderId}/receipts`, needs: "orders:read" },
  { method: "GET", url: () => `/api/orders/${orderId}/history`, needs: "orders:read" },
  {
    method: "POST",
    url: async () => `/api/orders/${await freshOrder("issued")}/receipts`,
    body: () => ({ lines: [{ line_id: receivedLineId, quantity: 1 }] }),
    needs: "orders:receive",
  },
  { method: "GET", url: () => "/api/invoices", needs: "invoices:read" },
  { method: "GET", url: async () => `/api/invoices/${await freshInvoice()}`, needs: "invoices:read" },
  {
    method: "POST",
    url: async () => {
      invoiceBody = { order_id: await freshOrder("issued", vendorId), number: `M-${Math.random()}`.slice(0, 20), invoice_date: "2026-11-20" };
      return "/api/invoices";
    },
    body: () => ({ ...invoiceBody, lines: [{ line_id: receivedLineId, quantity: 1, unit_price: 3 }] }),
    needs: "invoices:write",
  },
  { method: "POST", url: async () => `/api/invoices/${await freshInvoice()}/approve`, body: () => ({ comment: "Approved" }), needs: "invoices:write" },
  {
    method: "POST",
    url: async () => `/api/invoices/${await freshInvoice(true)}/pay`,
    body: () => ({ paid_on: new Date().toISOString().slice(0, 10), reference: "TRF-1" }),
    needs: "invoices:write",
  },
  { method: "GET", url: () => "/api/settings/matching", needs: "settings:manage" },
  { method: "PATCH", url: () => "/api/settings/matching", body: () => ({ tolerance_percent: 2 }), needs: "settings:manage" },
  { method: "GET", url: () => "/api/dashboard", needs: null },
  { method: "GET", url: () => "/api/budgets", needs: "budgets:read" },
  { method: "POST", url: () => "/api/budgets", body: () => ({ category_id: categoryId, period: nextYear(), amount: 1 }), needs: "budgets:write" },
  { method: "PATCH", url: () => `/api/budgets/${budgetId}`, body: () => ({ amount: Math.round(Math.random() * 1000) }), needs: "budgets:write" },
  { method: "DELETE", url: async () => `/api/budgets/${await freshBudget()}`, needs: "budgets:write" },
];

/** Budgets are one per category and period: each one made here takes a year of its own. */
let year = 2100;
const nextYear = () => String(year++);
const freshBudget = async () =>
  (
    await expectCall<{ id: string }>(t, "POST", "/api/budgets", {
      token: users.admin.token,
      body: { category_id: categoryId, period: nextYear(), amount: 5 },
      status: 201,
    })
  ).id;

/** Each delete or receipt gets an order of its own, so one role's call leaves the others something to act on. */
let receivedLineId = "";
const freshOrder = async (status = "draft", vendor_id?: string) => {
  const order = await expectCall(t, "POST", "/api/orders", {
    token: users.admin.token,
    body: { total: 3, ...(vendor_id ? { vendor_id } : { vendor_name: "Fresh" }), status },
    status: 201,
    schema: purchaseOrder,
  });
  receivedLineId = order.lines[0]!.id;
  return order.id;
};

let invoiceBody: object = {};
/** An invoice of its own order, approved when it is to be paid. */
const freshInvoice = async (approved = false) => {
  const order_id = await freshOrder("issued", vendorId);
  const body = {
    order_id,
    number: `M-${Math.random()}`.slice(0, 20),
    invoice_date: "2026-11-20",
    lines: [{ line_id: receivedLineId, quantity: 1, unit_price: 3 }],
  };
  const { id } = await expectCall<{ id: string }>(t, "POST", "/api/invoices", { token: clerks.recorder.token, body, status: 201 });
  if (approved) await expectCall(t, "POST", `/api/invoices/${id}/approve`, { token: clerks.approver.token, body: { comment: "Approved" } });
  return id;
};

const eventCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);

describe("the role matrix on purchasing routes", () => {
  const cases = routes.flatMap((route) => roles.map((role) => ({ route, role })));

  it.each(cases.filter(({ route, role }) => route.needs && !can(role, route.needs)))(
    "$route.method $route.needs is 403 for $role, in the error shape, appending nothing",
    async ({ route, role }) => {
      const url = await route.url();
      const before = await eventCount();
      const res = await t.call(route.method, url, { token: users[role].token, body: route.body?.() });
      expect(res.statusCode).toBe(403);
      expect(errorBody.parse(res.json()).error.code).toBe("forbidden");
      expect(await eventCount()).toBe(before);
    },
  );

  it.each(cases.filter(({ route, role }) => !route.needs || can(role, route.needs)))(
    "$route.method $route.needs is allowed for $role",
    async ({ route, role }) => {
      const res = await t.call(route.method, await route.url(), { token: users[role].token, body: route.body?.() });
      expect(res.statusCode, res.body).toBeLessThan(300);
    },
  );

  it("refuses every route without a token with 401", async () => {
    for (const route of routes) {
      const res = await t.call(route.method, await route.url(), { body: route.body?.() });
      expect(res.statusCode, route.method).toBe(401);
      errorBody.parse(res.json());
    }
  });
});
