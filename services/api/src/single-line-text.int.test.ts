import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCharacterMessage, errorBody, oneLineMessage } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let admin: TestUser;
const ids: Record<string, string> = {};
let orderLineId: string;

const created = async (url: string, body: object) => {
  const res = await t.call("POST", url, { token: admin.token, body });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
};

beforeAll(async () => {
  t = await startTestApp("single-line-text", { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" });
  ({ admin } = await createUsers(t, []));
  ids.request = (await created("/api/requests", { title: "Base request", amount: 1 })).id;
  ids.vendor = (await created("/api/vendors", { name: "Base vendor" })).id;
  ids.category = (await created("/api/categories", { name: "Base category" })).id;
  ids.item = (await created("/api/catalogue/items", { category_id: ids.category, name: "Base item", sku: "BASE-1", base_price: 1 })).id;
  const order = (await created("/api/orders", orderBody({ po_number: "PO-BASE-1" }))) as {
    id: string;
    lines: { id: string }[];
  };
  ids.order = order.id;
  orderLineId = order.lines[0]!.id;
  ids.rule = (await created("/api/approval-rules", { name: "Base rule" })).id;
  ids.webhook = (await created("/api/webhooks", { url: "http://127.0.0.1:9/hook", event_types: ["vendor.registered"], enabled: false })).id;
  ids.punchout = (
    await created("/api/catalogue/punchout-connections", { supplier: "Base", protocol: "cxml", category_id: ids.category, coverage_scope: "All" })
  ).id;
  ids.budget = (await created("/api/budgets", { category_id: ids.category, period: "2026", amount: 10 })).id;
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

type Case = { field: string; method: "POST" | "PUT" | "PATCH"; path: () => string; body: (value: string) => object; good: string };

/** An issued order of one line from a vendor; an edit names the line it keeps, so the invoices case still finds it. */
const orderBody = (fields: { po_number?: string; vendor_name?: string; description?: string }, edit = false) => ({
  po_number: fields.po_number ?? "PO-EDIT-1",
  vendor_id: ids.vendor,
  vendor_name: fields.vendor_name ?? "Acme",
  status: "issued",
  lines: [{ ...(edit ? { id: orderLineId } : {}), description: fields.description ?? "Chairs", quantity: 2, unit_price: 5 }],
});

/** Every field meant as one line, on the create and the edit of its record. */
const cases: Case[] = [
  { field: "request title (create)", method: "POST", path: () => "/api/requests", body: (title) => ({ title, amount: 1 }), good: "Laptop" },
  { field: "request title (edit)", method: "PUT", path: () => `/api/requests/${ids.request}`, body: (title) => ({ title, amount: 1 }), good: "Laptop" },
  { field: "vendor name", method: "POST", path: () => "/api/vendors", body: (name) => ({ name }), good: "Globex" },
  { field: "vendor website (edit)", method: "PATCH", path: () => `/api/vendors/${ids.vendor}`, body: (website) => ({ website }), good: "globex.test" },
  { field: "category name (create)", method: "POST", path: () => "/api/categories", body: (name) => ({ name }), good: "Furniture" },
  { field: "category name (edit)", method: "PATCH", path: () => `/api/categories/${ids.category}`, body: (name) => ({ name }), good: "Furniture" },
  { field: "category supplier", method: "PATCH", path: () => `/api/categories/${ids.category}`, body: (s) => ({ preferred_suppliers: [s] }), good: "Acme" },
  {
    field: "category business unit",
    method: "PATCH",
    path: () => `/api/categories/${ids.category}`,
    body: (business_unit) => ({ coverage: [{ business_unit, level: "full" }] }),
    good: "EMEA",
  },
  {
    field: "item name (create)",
    method: "POST",
    path: () => "/api/catalogue/items",
    body: (name) => ({ category_id: ids.category, name, sku: "SKU-NEW", base_price: 1 }),
    good: "Desk",
  },
  { field: "item name (edit)", method: "PATCH", path: () => `/api/catalogue/items/${ids.item}`, body: (name) => ({ name }), good: "Desk" },
  { field: "item SKU", method: "PATCH", path: () => `/api/catalogue/items/${ids.item}`, body: (sku) => ({ sku }), good: "SKU-2" },
  { field: "item unit", method: "PATCH", path: () => `/api/catalogue/items/${ids.item}`, body: (u) => ({ unit_of_measure: u }), good: "box" },
  { field: "item supplier", method: "PATCH", path: () => `/api/catalogue/items/${ids.item}`, body: (s) => ({ preferred_supplier: s }), good: "Acme" },
  {
    field: "feed name",
    method: "POST",
    path: () => "/api/catalogue/feeds",
    body: (feed_name) => ({ feed_name, supplier: "Acme", format: "csv", category_id: ids.category }),
    good: "Acme prices",
  },
  {
    field: "punchout supplier (edit)",
    method: "PATCH",
    path: () => `/api/catalogue/punchout-connections/${ids.punchout}`,
    body: (supplier) => ({ supplier }),
    good: "Acme",
  },
  { field: "PO number (create)", method: "POST", path: () => "/api/orders", body: (po_number) => orderBody({ po_number }), good: "PO-NEW-1" },
  { field: "PO number (edit)", method: "PUT", path: () => `/api/orders/${ids.order}`, body: (po_number) => orderBody({ po_number }, true), good: "PO-BASE-1" },
  {
    field: "order vendor name",
    method: "PUT",
    path: () => `/api/orders/${ids.order}`,
    body: (vendor_name) => orderBody({ po_number: "PO-BASE-1", vendor_name }, true),
    good: "Acme",
  },
  {
    field: "order line",
    method: "PUT",
    path: () => `/api/orders/${ids.order}`,
    body: (description) => orderBody({ po_number: "PO-BASE-1", description }, true),
    good: "Chairs",
  },
  {
    field: "invoice number",
    method: "POST",
    path: () => "/api/invoices",
    body: (number) => ({ order_id: ids.order, number, invoice_date: "2026-11-01", lines: [{ line_id: orderLineId, quantity: 1, unit_price: 5 }] }),
    good: "INV-1",
  },
  { field: "rule name (create)", method: "POST", path: () => "/api/approval-rules", body: (name) => ({ name }), good: "Big spend" },
  { field: "rule name (edit)", method: "PATCH", path: () => `/api/approval-rules/${ids.rule}`, body: (name) => ({ name }), good: "Big spend" },
  { field: "budget period (edit)", method: "PATCH", path: () => `/api/budgets/${ids.budget}`, body: (period) => ({ period }), good: "2027" },
  {
    field: "endpoint description (create)",
    method: "POST",
    path: () => "/api/webhooks",
    body: (description) => ({ url: "http://127.0.0.1:9/other", description, event_types: ["vendor.registered"], enabled: false }),
    good: "ERP",
  },
  { field: "endpoint description (edit)", method: "PATCH", path: () => `/api/webhooks/${ids.webhook}`, body: (description) => ({ description }), good: "ERP" },
  { field: "endpoint URL (edit)", method: "PATCH", path: () => `/api/webhooks/${ids.webhook}`, body: (url) => ({ url }), good: "http://127.0.0.1:9/x" },
  {
    field: "work-order title",
    method: "POST",
    path: () => "/api/work-orders",
    body: (title) => ({ title, requesterName: "Ann", requesterEmail: "ann@example.com" }),
    good: "Broken chair",
  },
  {
    field: "work-order requester name",
    method: "POST",
    path: () => "/api/work-orders",
    body: (requesterName) => ({ title: "Broken chair", requesterName, requesterEmail: "ann@example.com" }),
    good: "Ann",
  },
];

/** Line breaks of every kind, and other control characters (C0, DEL, C1) a line must not hold. */
const breaks = ["\r\n", "\n", "\r", "\u2028", "\u2029", "\u0085"];
const controls = ["\t", "\u0007", "\u001b", "\u007f", "\u009b"];

const issuesOf = (body: string) => errorBody.parse(JSON.parse(body)).error;

describe("text meant as one line", () => {
  for (const { field, method, path, body, good } of cases) {
    it(`${field}: a line break or control character is a 400 saying so, and nothing is appended`, async () => {
      const before = await t.runtime.store.countEvents();
      for (const bad of [...breaks, ...controls]) {
        for (const value of [`${good}${bad}Bcc: someone@example.com`, `${good}${bad}`, `${bad}${good}`]) {
          const res = await t.call(method, path(), { token: admin.token, body: body(value) });
          const shown = JSON.stringify(value);
          expect(res.statusCode, `${method} ${path()} ${shown} → ${res.body.slice(0, 200)}`).toBe(400);
          const error = issuesOf(res.body);
          const messages = [error.message, ...((error.details as { message: string }[] | undefined) ?? []).map((d) => d.message)];
          expect(messages, `${field} ${shown}`).toContain(oneLineMessage);
        }
      }
      expect(await t.runtime.store.countEvents()).toBe(before);
    });
  }

  it("the same bodies with the line as it should be are taken", async () => {
    for (const { field, method, path, body, good } of cases) {
      const res = await t.call(method, path(), { token: admin.token, body: body(good) });
      expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });
});

describe("multi-line text", () => {
  const multiLine = [
    { field: "request description", path: () => "/api/requests", body: (description: string) => ({ title: "Chairs", amount: 1, description }) },
    { field: "comment", path: () => `/api/requests/${ids.request}/comments`, body: (text: string) => ({ body: text }) },
    { field: "vendor notes", path: () => "/api/vendors", body: (notes: string) => ({ name: `Notes vendor ${notes.length}`, notes }) },
  ];

  for (const { field, path, body } of multiLine) {
    it(`${field}: keeps line breaks and tabs, refuses other control characters`, async () => {
      const kept = await t.call("POST", path(), { token: admin.token, body: body("First line\r\nSecond\tline\nThird") });
      expect(kept.statusCode, kept.body).toBeLessThan(300);
      for (const bad of controls.filter((c) => c !== "\t")) {
        const res = await t.call("POST", path(), { token: admin.token, body: body(`Fine${bad}text`) });
        expect(res.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(issuesOf(res.body).message).toBe(controlCharacterMessage);
      }
    });
  }
});
