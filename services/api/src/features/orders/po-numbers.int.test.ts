import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { poNumberKey } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("po-numbers");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

/** Over real sockets, so the calls truly overlap in the server. */
const post = (path: string, body: object, token = users.buyer.token) =>
  fetch(`${t.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });

const reservations = async () =>
  (await sql<{ n: string }>`select count(*)::text as n from events where type = 'PoNumberReserved'`.execute(t.runtime.db)).rows[0]!.n;

describe("PO numbers under concurrency", () => {
  it("30 concurrent creates without a number get 30 distinct generated numbers, in sequence", async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post("/api/orders", { total: i, vendor_name: "Parallel Inc" }, i % 2 ? users.finance.token : users.buyer.token)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    const numbers = ((await Promise.all(responses.map((r) => r.json()))) as { po_number: string }[]).map((o) => o.po_number);
    expect(new Set(numbers).size).toBe(30);
    const year = new Date().getFullYear();
    expect([...numbers].sort()).toEqual(Array.from({ length: 30 }, (_, i) => `PO-${year}-${String(i + 1).padStart(5, "0")}`));
    expect(await reservations()).toBe("30");
  });

  it("8 concurrent creates with one typed number: exactly one wins, the rest are 409 with the reason", async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => post("/api/orders", { total: 1, vendor_name: "Race Ltd", po_number: "RACE-1" })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of responses.filter((r) => r.status === 409)) {
      expect(((await r.json()) as { error: { message: string } }).error.message).toBe("PO number RACE-1 is already in use.");
    }
    const orders = await sql<{ n: string }>`select count(*)::text as n from rm_orders where po_number = 'RACE-1'`.execute(t.runtime.db);
    expect(orders.rows[0]!.n).toBe("1");
  });

  it("numbers compare without case, and a generated number skips one typed by hand", async () => {
    const taken = await post("/api/orders", { total: 1, vendor_name: "Case Co", po_number: "race-1" });
    expect(taken.status).toBe(409);
    const year = new Date().getFullYear();
    const next = `PO-${year}-00031`;
    expect((await post("/api/orders", { total: 1, vendor_name: "Case Co", po_number: next.toLowerCase() })).status).toBe(201);
    const generated = (await (await post("/api/orders", { total: 1, vendor_name: "Case Co" })).json()) as { po_number: string };
    expect(generated.po_number).toBe(`PO-${year}-00032`);
    expect(poNumberKey(next.toLowerCase())).toBe(next);
  });

  it("a retried create with the same Idempotency-Key answers the first order and takes no second number", async () => {
    const send = () =>
      t.call("POST", "/api/orders", { token: users.buyer.token, body: { total: 7, vendor_name: "Retry Co" }, headers: { "idempotency-key": "po-retry-1" } });
    const before = await reservations();
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(Number(await reservations())).toBe(Number(before) + 1);
  });

  it("a vendor name registered concurrently 6 times is registered once", async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => post("/api/vendors", { name: "Twin Suppliers" })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
  });
});
