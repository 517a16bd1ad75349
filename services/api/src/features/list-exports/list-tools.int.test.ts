import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { parseCsv } from "@procure/infra/audit-verify-script";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

const REQUESTS = 2_400;
let t: TestApp;
let users: Record<"requester" | "buyer" | "admin", TestUser>;

/** A title whose case and first letter vary, and amounts that repeat, so ties must be broken by id. */
const titleOf = (i: number) => `${"aBcDeF"[i % 6]}${i % 3 === 0 ? "X" : "x"} item ${String((i * 7919) % REQUESTS).padStart(4, "0")}`;

beforeAll(async () => {
  t = await startTestApp("list-tools");
  users = await createUsers(t, ["requester", "buyer"]);
  for (let i = 0; i < REQUESTS; i += 60) {
    await Promise.all(
      Array.from({ length: Math.min(60, REQUESTS - i) }, (_, j) =>
        t.call("POST", "/api/requests", { token: users.requester.token, body: { title: titleOf(i + j), amount: 10 + ((i + j) % 37) } }).then((res) => {
          if (res.statusCode !== 201) throw new Error(res.body);
        }),
      ),
    );
  }
  await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: '=HYPERLINK("http://x")', amount: 1 } });
}, 600_000);
afterAll(async () => {
  await t?.stop();
});

/** Every page of a list, following the Link header from the first. */
async function allPages(url: string, token: string) {
  const ids: string[] = [];
  let next: string | null = url;
  let pages = 0;
  while (next) {
    const res = await t.call("GET", next, { token });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...res.json<{ id: string }[]>().map((row) => row.id));
    next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ""))?.[1] ?? null;
    pages += 1;
  }
  return { ids, pages };
}

const orderedIds = async (orderBy: string) =>
  (await sql<{ id: string }>`select id::text from rm_requests order by ${sql.raw(orderBy)}`.execute(t.runtime.db)).rows.map((r) => r.id);

describe("sorted lists at scale", () => {
  it.each([
    ["title", "lower(title), id"],
    ["-title", "lower(title) desc, id desc"],
    ["amount", "amount, id"],
    ["-amount", "amount desc, id desc"],
    ["status", "status, id"],
    ["created_at", "created_at, id"],
    ["-updated_at", "updated_at desc, id desc"],
  ])("pages requests sorted by %s in that order, each row once", async (sort, orderBy) => {
    const { ids, pages } = await allPages(`/api/requests?sort=${sort}&limit=250`, users.admin.token);
    expect(pages).toBeGreaterThan(9);
    expect(ids).toEqual(await orderedIds(orderBy));
  });

  it("keeps the filters and search while paging a sort", async () => {
    const { ids } = await allPages(`/api/requests?sort=-amount&q=${encodeURIComponent("bx item")}&limit=50`, users.admin.token);
    const expected = (
      await sql<{ id: string }>`select id::text from rm_requests where title ilike '%bx item%' order by amount desc, id desc`.execute(t.runtime.db)
    ).rows.map((r) => r.id);
    expect(expected.length).toBeGreaterThan(100);
    expect(ids).toEqual(expected);
  });

  it("starts again from the first page when a cursor of another sort comes back, and refuses an unknown sort", async () => {
    const first = await t.call("GET", "/api/requests?sort=amount&limit=5", { token: users.admin.token });
    const cursor = new URL(/<([^>]+)>/.exec(String(first.headers.link))![1]!, "http://x").searchParams.get("cursor")!;
    const other = await t.call("GET", `/api/requests?sort=title&limit=5&cursor=${cursor}`, { token: users.admin.token });
    const fresh = await t.call("GET", "/api/requests?sort=title&limit=5", { token: users.admin.token });
    expect(other.json()).toEqual(fresh.json());
    const bad = await t.call("GET", "/api/requests?sort=password", { token: users.admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it("sorts and pages orders and vendors the same way", async () => {
    for (let i = 0; i < 24; i++) {
      const vendor = await t.call("POST", "/api/vendors", {
        token: users.admin.token,
        body: { name: `${"zYxW"[i % 4]}endor ${i}`, risk: ["low", "medium", "high"][i % 3] },
      });
      expect(vendor.statusCode, vendor.body).toBe(201);
      const order = await t.call("POST", "/api/orders", { token: users.buyer.token, body: { vendor_name: `Supplier ${(i * 7) % 24}`, total: 100 + (i % 5) } });
      expect(order.statusCode, order.body).toBe(201);
    }
    const vendors = await allPages("/api/vendors?sort=-risk&limit=5", users.admin.token);
    const vendorOrder = (
      await sql<{ id: string }>`select id::text from rm_vendors order by case risk when 'low' then 1 when 'medium' then 2 else 3 end desc, id desc`.execute(
        t.runtime.db,
      )
    ).rows.map((r) => r.id);
    expect(vendors.ids).toEqual(vendorOrder);
    const orders = await allPages("/api/orders?sort=total&limit=5", users.buyer.token);
    const orderOrder = (await sql<{ id: string }>`select id::text from rm_orders where deleted_at is null order by total, id`.execute(t.runtime.db)).rows.map(
      (r) => r.id,
    );
    expect(orders.ids).toEqual(orderOrder);
  });
});

describe("CSV export of a list", () => {
  it("streams every request the filters match, in the list's order, with formula cells neutralised", async () => {
    const res = await t.call("GET", "/api/requests/export.csv?sort=-amount", { token: users.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain('filename="requests.csv"');
    const [header, ...lines] = parseCsv(res.body).filter((r) => r.length > 1);
    expect(header).toEqual([
      "id",
      "title",
      "status",
      "amount",
      "category",
      "vendor",
      "requester",
      "current_stage_role",
      "po_number",
      "created_at",
      "updated_at",
    ]);
    expect(lines.map((line) => line[0])).toEqual(await orderedIds("amount desc, id desc"));
    expect(lines.find((line) => line[1]!.includes("HYPERLINK"))![1]).toBe('\'=HYPERLINK("http://x")');

    const filtered = await t.call("GET", `/api/requests/export.csv?q=${encodeURIComponent("fx item")}&sort=title`, { token: users.admin.token });
    const filteredLines = parseCsv(filtered.body)
      .filter((r) => r.length > 1)
      .slice(1);
    expect(filteredLines.length).toBe(REQUESTS / 6);
    expect(filteredLines.every((line) => /^fx item/i.test(line[1]!))).toBe(true);
  });

  it("exports only what the reader may see, and orders and vendors too", async () => {
    const mine = await t.call("POST", "/api/requests", { token: users.buyer.token, body: { title: "Buyer's own", amount: 5 } });
    expect(mine.statusCode).toBe(201);
    // Read after the write, as the web client does, so a loaded machine's slow projections cannot hide it.
    const after = { "x-procure-after": String(mine.headers["x-procure-position"]) };
    const own = await t.call("GET", "/api/requests/export.csv?mine=true", { token: users.buyer.token, headers: after });
    expect(own.statusCode).toBe(200);
    expect(parseCsv(own.body).filter((r) => r.length > 1)).toHaveLength(2);
    const orders = await t.call("GET", "/api/orders/export.csv?sort=po_number", { token: users.buyer.token });
    expect(orders.statusCode).toBe(200);
    expect(parseCsv(orders.body)[0]).toEqual([
      "id",
      "po_number",
      "status",
      "vendor",
      "total",
      "expected_date",
      "request_id",
      "notes",
      "created_at",
      "updated_at",
    ]);
    const refused = await t.call("GET", "/api/orders/export.csv", { token: users.requester.token });
    expect(refused.statusCode).toBe(403);
    const vendors = await t.call("GET", "/api/vendors/export.csv?risk=high", { token: users.admin.token });
    expect(vendors.statusCode).toBe(200);
    expect(
      parseCsv(vendors.body)
        .filter((r) => r.length > 1)
        .slice(1)
        .every((line) => line[3] === "high"),
    ).toBe(true);
  });
});
