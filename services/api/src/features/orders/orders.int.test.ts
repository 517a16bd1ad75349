import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import { errorBody, purchaseOrder, purchaseRequest, statusMessage, totalMessage, vendor, vendorNameMessage } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("orders");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const eventCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);
const create = (body: object, status = 201) => expectCall(t, "POST", "/api/orders", { token: users.buyer.token, body, status, schema: purchaseOrder });
const newVendor = (name: string) => expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body: { name }, status: 201, schema: vendor });

async function expectRefused(method: string, url: string, body: object, status: number, message: string | RegExp) {
  const before = await eventCount();
  const res = await t.call(method, url, { token: users.buyer.token, body });
  expect(res.statusCode, res.body).toBe(status);
  expect(errorBody.parse(res.json()).error.message).toMatch(message);
  expect(await eventCount()).toBe(before);
}

describe("purchase order validation", () => {
  it.each([
    [{ vendor_name: "Acme" }, totalMessage],
    [{ total: "abc", vendor_name: "Acme" }, totalMessage],
    [{ total: -0.01, vendor_name: "Acme" }, totalMessage],
    [{ total: null, vendor_name: "Acme" }, totalMessage],
    [{ total: 10 }, vendorNameMessage],
    [{ total: 10, vendor_name: "   " }, vendorNameMessage],
    [{ total: 10, vendor_name: "Acme", status: "shipped" }, statusMessage],
    [{ total: 10, vendor_name: "Acme", status: "" }, statusMessage],
  ])("refuses %j with 400 %s and appends nothing", async (body, message) => {
    await expectRefused("POST", "/api/orders", body, 400, message);
  });

  it("applies the same messages to PUT and PATCH", async () => {
    const order = await create({ total: 10, vendor_name: "Acme" });
    await expectRefused("PUT", `/api/orders/${order.id}`, { total: 10, vendor_name: "" }, 400, vendorNameMessage);
    await expectRefused("PUT", `/api/orders/${order.id}`, { total: "x", vendor_name: "Acme" }, 400, totalMessage);
    await expectRefused("PATCH", `/api/orders/${order.id}`, { status: "lost" }, 400, statusMessage);
    await expectRefused("PATCH", `/api/orders/${order.id}`, { vendor_name: null }, 400, vendorNameMessage);
    await expectRefused("PATCH", `/api/orders/${order.id}`, { total: -5 }, 400, totalMessage);
  });

  it("stores empty optional fields as null, accepts a numeric string total and normalises the status", async () => {
    const order = await create({
      total: "19.999",
      vendor_name: " Corner shop ",
      status: " Issued ",
      po_number: "",
      request_id: "",
      expected_date: "",
      notes: "  ",
    });
    expect(order).toMatchObject({
      total: 20,
      vendor_name: "Corner shop",
      status: "issued",
      request_id: null,
      expected_date: null,
      notes: null,
      vendor_id: null,
    });
    expect(order.po_number).toMatch(/^PO-\d{4}-\d{5}$/);
  });
});

describe("purchase orders and vendors", () => {
  it("fills the vendor name from the chosen vendor and refuses a blocked vendor, by id or by name", async () => {
    const v = await newVendor("Globex Supplies");
    const order = await create({ total: 5, vendor_id: v.id, vendor_name: "" });
    expect(order).toMatchObject({ vendor_id: v.id, vendor_name: "Globex Supplies" });
    const typed = await create({ total: 5, vendor_name: "globex  supplies" });
    expect(typed.vendor_id).toBe(v.id);

    await expectCall(t, "PATCH", `/api/vendors/${v.id}`, { token: users.admin.token, body: { status: "blocked" } });
    await expectRefused(
      "POST",
      "/api/orders",
      { total: 5, vendor_id: v.id },
      409,
      "Globex Supplies is blocked; purchase orders cannot be raised for a blocked vendor.",
    );
    await expectRefused("POST", "/api/orders", { total: 5, vendor_name: "GLOBEX SUPPLIES" }, 409, /is blocked/);
    // Its open orders can still be closed.
    const cancelled = await expectCall(t, "PATCH", `/api/orders/${order.id}`, {
      token: users.buyer.token,
      body: { status: "cancelled" },
      schema: purchaseOrder,
    });
    expect(cancelled.status).toBe("cancelled");
    await expectRefused("POST", "/api/orders", { total: 5, vendor_id: "00000000-0000-4000-8000-000000000000" }, 400, "Choose a valid vendor.");
  });
});

describe("purchase orders and requests", () => {
  it("links an approved request (its PO number shows on the request and its timeline) and refuses a pending one", async () => {
    const request = await expectCall(t, "POST", "/api/requests", {
      token: users.requester.token,
      body: { title: "Chairs", amount: 400 },
      status: 201,
      schema: purchaseRequest,
    });
    await expectRefused(
      "POST",
      "/api/orders",
      { total: 400, vendor_name: "Acme", request_id: request.id },
      409,
      "Only approved requests can be turned into purchase orders.",
    );
    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.approver.token });
    const order = await create({ total: 400, vendor_name: "Acme", request_id: request.id });
    const linked = await expectCall(t, "GET", `/api/requests/${request.id}`, { token: users.requester.token, schema: purchaseRequest });
    expect(linked.po_number).toBe(order.po_number);

    const renumbered = await expectCall(t, "PUT", `/api/orders/${order.id}`, {
      token: users.finance.token,
      body: { total: 410, vendor_name: "Acme", request_id: request.id, po_number: `${order.po_number}-B`, status: "issued" },
      schema: purchaseOrder,
    });
    expect(renumbered).toMatchObject({ total: 410, status: "issued", version: 2 });
    const audit = await expectCall<{ action: string; detail: string }[]>(t, "GET", `/api/requests/${request.id}/audit`, { token: users.requester.token });
    expect(audit.filter((a) => a.action === "linked to purchase order").map((a) => a.detail)).toEqual([order.po_number, `${order.po_number}-B`]);
    await expectRefused(
      "POST",
      "/api/orders",
      { total: 1, vendor_name: "Acme", request_id: "00000000-0000-4000-8000-000000000000" },
      400,
      "Choose a valid request.",
    );
  });

  it("releases the request when its order is deleted: no PO number, back among the requests ready for a PO", async () => {
    const request = await expectCall(t, "POST", "/api/requests", {
      token: users.requester.token,
      body: { title: "Lamps", amount: 90 },
      status: 201,
      schema: purchaseRequest,
    });
    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.approver.token });
    const order = await create({ total: 90, vendor_name: "Acme", request_id: request.id });
    const readyIds = async () =>
      (await expectCall<{ requests: { mode: string; items: { id: string }[] } }>(t, "GET", "/api/dashboard", { token: users.admin.token })).requests.items.map(
        (r) => r.id,
      );
    expect(await readyIds()).not.toContain(request.id);
    expect((await t.call("DELETE", `/api/orders/${order.id}`, { token: users.buyer.token })).statusCode).toBe(204);
    const released = await expectCall(t, "GET", `/api/requests/${request.id}`, { token: users.requester.token, schema: purchaseRequest });
    expect(released.po_number).toBeNull();
    expect(await readyIds()).toContain(request.id);
    const audit = await expectCall<{ action: string }[]>(t, "GET", `/api/requests/${request.id}/audit`, { token: users.requester.token });
    expect(audit.at(-1)?.action).toBe("purchase order removed");
  });

  it("moves the link when an order is pointed at another request", async () => {
    const approved = async (title: string) => {
      const r = await expectCall(t, "POST", "/api/requests", {
        token: users.requester.token,
        body: { title, amount: 5 },
        status: 201,
        schema: purchaseRequest,
      });
      await expectCall(t, "POST", `/api/requests/${r.id}/approve`, { token: users.approver.token });
      return r;
    };
    const first = await approved("First");
    const second = await approved("Second");
    const order = await create({ total: 5, vendor_name: "Acme", request_id: first.id });
    await expectCall(t, "PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { request_id: second.id }, schema: purchaseOrder });
    const poOf = async (id: string) => (await expectCall(t, "GET", `/api/requests/${id}`, { token: users.requester.token, schema: purchaseRequest })).po_number;
    expect(await poOf(first.id)).toBeNull();
    expect(await poOf(second.id)).toBe(order.po_number);
  });
});

describe("order lifecycle and lists", () => {
  it("updates with PUT and PATCH, deletes with 204, and a deleted order is gone", async () => {
    const order = await create({ total: 80, vendor_name: "Initech", notes: "first", expected_date: "2030-01-31" });
    const put = await expectCall(t, "PUT", `/api/orders/${order.id}`, {
      token: users.buyer.token,
      body: { total: 90, vendor_name: "Initech" },
      schema: purchaseOrder,
    });
    // PUT replaces: what it leaves out is empty again, but a blank number keeps the order's number.
    expect(put).toMatchObject({ total: 90, notes: null, expected_date: null, status: "draft", po_number: order.po_number });
    const patched = await expectCall(t, "PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { notes: "second" }, schema: purchaseOrder });
    expect(patched).toMatchObject({ total: 90, notes: "second", version: 3 });
    const unchanged = await expectCall(t, "PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { notes: "second" }, schema: purchaseOrder });
    expect(unchanged.version).toBe(3);
    expect(await expectCall(t, "GET", `/api/orders/${order.id}`, { token: users.finance.token, schema: purchaseOrder })).toEqual(unchanged);

    const deleted = await t.call("DELETE", `/api/orders/${order.id}`, { token: users.buyer.token });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    for (const [method, body] of [
      ["GET", undefined],
      ["DELETE", undefined],
      ["PATCH", { notes: "x" }],
      ["PUT", { total: 1, vendor_name: "x" }],
    ] as const) {
      const res = await t.call(method, `/api/orders/${order.id}`, { token: users.buyer.token, body });
      expect(res.statusCode, `${method}`).toBe(404);
      errorBody.parse(res.json());
    }
    const list = await expectCall(t, "GET", "/api/orders", { token: users.finance.token, schema: z.array(purchaseOrder) });
    expect(list.some((o) => o.id === order.id)).toBe(false);
  });

  it("filters by status, search and overdue, and pages with a Link header", async () => {
    const late = await create({ total: 1, vendor_name: "Umbrella Corp", status: "issued", expected_date: "2020-01-01" });
    const delivered = await create({ total: 1, vendor_name: "Umbrella Corp", status: "issued", expected_date: "2020-01-01" });
    await expectCall(t, "POST", `/api/orders/${delivered.id}/receipts`, {
      token: users.buyer.token,
      body: { lines: [{ line_id: delivered.lines[0]!.id, quantity: 1 }] },
      status: 201,
    });
    const overdue = await expectCall(t, "GET", "/api/orders?overdue=true", { token: users.admin.token, schema: z.array(purchaseOrder) });
    expect(overdue.map((o) => o.id)).toEqual([late.id]);
    const search = await expectCall(t, "GET", "/api/orders?q=umbrella&status=received", { token: users.admin.token, schema: z.array(purchaseOrder) });
    expect(search.map((o) => [o.vendor_name, o.status])).toEqual([["Umbrella Corp", "received"]]);

    const all = await expectCall(t, "GET", "/api/orders", { token: users.admin.token, schema: z.array(purchaseOrder) });
    const first = await t.call("GET", "/api/orders?limit=2", { token: users.admin.token });
    const link = String(first.headers.link);
    expect(link).toMatch(/rel="next"/);
    const next = await expectCall(t, "GET", link.slice(1, link.indexOf(">")), { token: users.admin.token, schema: z.array(purchaseOrder) });
    expect([...first.json(), ...next].map((o: { id: string }) => o.id)).toEqual(all.slice(0, 4).map((o) => o.id));
  });

  it("answers 404 for an unknown order and 400 for a malformed id, in the error shape", async () => {
    const missing = await t.call("GET", "/api/orders/00000000-0000-4000-8000-000000000000", { token: users.buyer.token });
    expect(missing.statusCode).toBe(404);
    expect(errorBody.parse(missing.json()).error.code).toBe("not_found");
    const malformed = await t.call("GET", "/api/orders/not-a-uuid", { token: users.buyer.token });
    expect(malformed.statusCode).toBe(400);
    errorBody.parse(malformed.json());
  });
});
