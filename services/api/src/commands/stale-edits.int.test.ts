import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBody, errorCodes, staleRecordDetails, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { budgetCategory, thisQuarter } from "@procure/infra/testing/budgets";

let t: TestApp;
let users: Record<Role, TestUser>;
beforeAll(async () => {
  t = await startTestApp("stale-edits", { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" });
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const versioned = z.object({ id: z.string(), version: z.number().int() }).loose();
type Versioned = z.infer<typeof versioned>;

async function send(method: string, url: string, as: Role, body?: unknown, ifMatch?: string) {
  const res = await t.call(method, url, { token: users[as].token, body, headers: ifMatch === undefined ? {} : { "if-match": ifMatch } });
  return { status: res.statusCode, etag: res.headers.etag, json: res.body ? (res.json() as unknown) : null, body: res.body };
}

async function created(url: string, as: Role, body: object): Promise<Versioned> {
  const res = await send("POST", url, as, body);
  expect(res.status, res.body).toBe(201);
  return versioned.parse(res.json);
}

/** A new member, read back: the invitation answers the account without its version. */
async function invited(): Promise<Versioned> {
  const res = await send("POST", "/api/users", "admin", { email: `member-${suffix()}@example.com`, role: "requester" });
  expect(res.status, res.body).toBe(201);
  const { id } = z.object({ user: z.object({ id: z.string() }) }).parse(res.json).user;
  return versioned.parse((await send("GET", `/api/users/${id}`, "admin")).json);
}

/** A record a user edits: how to make one, where it lives, and two edits that leave it different. */
type RecordCase = {
  name: string;
  as: Role;
  create: () => Promise<Versioned>;
  path: (id: string) => string;
  method?: "PATCH" | "PUT";
  edits: [object, object];
  /** What the first edit changed, as the record shows it. */
  shows: (record: Record<string, unknown>) => unknown;
  first: unknown;
};

const tag = (version: number) => `"${version}"`;
const suffix = () => randomUUID().slice(0, 8);

const cases: RecordCase[] = [
  {
    name: "order (PATCH)",
    as: "buyer",
    create: () => created("/api/orders", "buyer", { vendor_name: `Supplier ${suffix()}`, total: 10, status: "draft" }),
    path: (id) => `/api/orders/${id}`,
    edits: [{ notes: "Deliver to the back door" }, { notes: "Deliver to reception" }],
    shows: (r) => r.notes,
    first: "Deliver to the back door",
  },
  {
    name: "order (PUT)",
    as: "buyer",
    create: () => created("/api/orders", "buyer", { vendor_name: "Replaced supplier", total: 10, status: "draft" }),
    path: (id) => `/api/orders/${id}`,
    method: "PUT",
    edits: [
      { vendor_name: "Replaced supplier", total: 12, status: "draft", notes: "First" },
      { vendor_name: "Replaced supplier", total: 14, status: "draft", notes: "Second" },
    ],
    shows: (r) => r.total,
    first: 12,
  },
  {
    name: "vendor",
    as: "buyer",
    create: () => created("/api/vendors", "buyer", { name: `Vendor ${suffix()}` }),
    path: (id) => `/api/vendors/${id}`,
    edits: [{ notes: "Prefers mail" }, { notes: "Prefers calls" }],
    shows: (r) => r.notes,
    first: "Prefers mail",
  },
  {
    name: "catalogue category",
    as: "buyer",
    create: () => created("/api/categories", "buyer", { name: `Category ${suffix()}` }),
    path: (id) => `/api/categories/${id}`,
    edits: [{ name: "Stationery" }, { name: "Paper goods" }],
    shows: (r) => r.name,
    first: "Stationery",
  },
  {
    name: "catalogue item",
    as: "buyer",
    create: async () => {
      const category = await created("/api/categories", "buyer", { name: `Items ${suffix()}`, units_of_measure: ["box"] });
      return created("/api/catalogue/items", "buyer", {
        category_id: category.id,
        name: "Copy paper",
        sku: `SKU-${suffix()}`,
        base_price: 5,
        unit_of_measure: "box",
      });
    },
    path: (id) => `/api/catalogue/items/${id}`,
    edits: [{ name: "Copy paper, A4" }, { name: "Copy paper, letter" }],
    shows: (r) => r.name,
    first: "Copy paper, A4",
  },
  {
    name: "approval rule",
    as: "admin",
    create: () => created("/api/approval-rules", "admin", { name: `Rule ${suffix()}`, min_amount: 1_000_000 }),
    path: (id) => `/api/approval-rules/${id}`,
    edits: [{ name: "Large purchases" }, { name: "Very large purchases" }],
    shows: (r) => r.name,
    first: "Large purchases",
  },
  {
    name: "budget",
    as: "admin",
    create: async () => created("/api/budgets", "admin", { category_id: await budgetCategory(t), period: thisQuarter(), amount: 1000 }),
    path: (id) => `/api/budgets/${id}`,
    edits: [{ amount: 1200 }, { amount: 900 }],
    shows: (r) => r.amount,
    first: 1200,
  },
  {
    name: "user",
    as: "admin",
    create: () => invited(),
    path: (id) => `/api/users/${id}`,
    edits: [{ role: "buyer" }, { role: "approver" }],
    shows: (r) => r.role,
    first: "buyer",
  },
  {
    name: "webhook endpoint",
    as: "admin",
    create: () => created("/api/webhooks", "admin", { url: "http://127.0.0.1:9/hook", event_types: ["vendor.registered"] }),
    path: (id) => `/api/webhooks/${id}`,
    edits: [{ description: "ERP" }, { description: "Data warehouse" }],
    shows: (r) => r.description,
    first: "ERP",
  },
];

describe.each(cases)("an edit of a $name names the version it was made on", (c) => {
  const method = c.method ?? "PATCH";
  let record: Versioned;
  let readTag: string;

  it("answers its version as a strong ETag when read", async () => {
    record = await c.create();
    const read = await send("GET", c.path(record.id), c.as);
    expect(read.status, read.body).toBe(200);
    const body = versioned.parse(read.json);
    expect(body.version).toBeGreaterThan(0);
    expect(read.etag).toBe(tag(body.version));
    readTag = read.etag!;
  });

  it("saves with the current If-Match and answers the new ETag", async () => {
    const saved = await send(method, c.path(record.id), c.as, c.edits[0], readTag);
    expect(saved.status, saved.body).toBe(200);
    const body = versioned.parse(saved.json);
    expect(c.shows(body)).toEqual(c.first);
    expect(body.version).toBeGreaterThan(record.version);
    expect(saved.etag).toBe(tag(body.version));
    const reread = await send("GET", c.path(record.id), c.as);
    expect(reread.etag).toBe(saved.etag);
  });

  it("refuses a stale If-Match with 412, the record as it is now and who changed it, and changes nothing", async () => {
    const stale = await send(method, c.path(record.id), c.as, c.edits[1], readTag);
    expect(stale.status, stale.body).toBe(412);
    const { error } = errorBody.parse(stale.json);
    expect(error.code).toBe(errorCodes.preconditionFailed);
    const current = versioned.parse(error.current);
    expect(c.shows(current)).toEqual(c.first);
    expect(stale.etag).toBe(tag(current.version));
    const details = staleRecordDetails.parse(error.details);
    expect(details).toMatchObject({ version: current.version, changed_by: [users[c.as].email] });
    expect(error.message).toContain(users[c.as].email);
    const after = await send("GET", c.path(record.id), c.as);
    expect(c.shows(versioned.parse(after.json))).toEqual(c.first);
  });

  it("refuses an If-Match that is not one of its ETags with 400", async () => {
    for (const bad of ["3", 'W/"3"', '"three"', '"1", "2"', '""']) {
      const res = await send(method, c.path(record.id), c.as, c.edits[1], bad);
      expect(res.status, `${bad}: ${res.body}`).toBe(400);
      expect(errorBody.parse(res.json).error.message).toMatch(/If-Match/);
    }
  });

  it("saves without If-Match as before", async () => {
    const res = await send(method, c.path(record.id), c.as, c.edits[1]);
    expect(res.status, res.body).toBe(200);
    expect(c.shows(versioned.parse(res.json))).not.toEqual(c.first);
  });
});

describe("two edits made on the same version", () => {
  it("saves exactly one of them; the other is a 412, never a silent overwrite", async () => {
    const order = await created("/api/orders", "buyer", { vendor_name: `Supplier ${suffix()}`, total: 10, status: "draft" });
    const path = `/api/orders/${order.id}`;
    const [first, second] = await Promise.all([
      send("PATCH", path, "buyer", { notes: "From the first buyer" }, tag(order.version)),
      send("PATCH", path, "admin", { notes: "From the second buyer" }, tag(order.version)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 412]);
    const [won, lost] = first.status === 200 ? [first, second] : [second, first];
    const { error } = errorBody.parse(lost.json);
    expect(error.current).toMatchObject({ notes: (won.json as { notes: string }).notes });
  });

  it("counts only what changes the record: a vendor's new document or a member's password reset leave an open edit current", async () => {
    const vendor = await created("/api/vendors", "buyer", { name: `Vendor ${suffix()}` });
    const form = new FormData();
    form.append("kind", "w9");
    form.append("file", new Blob([Buffer.from("%PDF-1.4 w9")], { type: "application/pdf" }), "w9.pdf");
    const upload = await fetch(`${t.url}/api/vendors/${vendor.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${users.buyer.token}` },
      body: form,
    });
    expect(upload.status, await upload.text()).toBe(201);
    const vendorEdit = await send("PATCH", `/api/vendors/${vendor.id}`, "buyer", { notes: "Still current" }, tag(vendor.version));
    expect(vendorEdit.status, vendorEdit.body).toBe(200);

    const member = await invited();
    const read = await send("GET", `/api/users/${member.id}`, "admin");
    expect((await send("POST", `/api/users/${member.id}/reset-password`, "admin")).status).toBe(200);
    const memberEdit = await send("PATCH", `/api/users/${member.id}`, "admin", { role: "buyer" }, read.etag);
    expect(memberEdit.status, memberEdit.body).toBe(200);
  });
});
