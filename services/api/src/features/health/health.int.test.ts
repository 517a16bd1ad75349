import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { NewEvent } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

/**
 * `/api/health` tells anyone whether the product is up, and only the roles whose Integrations screen shows the parts
 * what each part says: a failing part's error is the database's own text.
 */
let t: TestApp;
let users: Record<"requester" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("health");
  users = await createUsers(t, ["requester", "finance"]);
});
afterAll(async () => {
  await t?.stop();
});

const health = (token?: string) => t.call("GET", "/api/health", { token });
type Stalled = { projection: string; position: { tx: string; pos: string } | null; eventType: string | null; errorClass: string };
type Report = { status: string; projections?: { ok: boolean; error: string | null; stalled?: Stalled[] } };

/** An order straight into the log: nothing waits on its projection, which is what this test breaks. */
async function appendOrder() {
  const orderId = randomUUID();
  const saved: NewEvent = {
    type: "PurchaseOrderSaved",
    data: {
      order_id: orderId,
      po_number: `PO-H-${orderId.slice(0, 6)}`,
      vendor_id: null,
      vendor_name: "Corner Shop",
      total: 10,
      status: "draft",
      request_id: null,
      expected_date: null,
      notes: null,
    },
  };
  const { position } = await t.runtime.store.append([{ streamType: "order", streamId: `order-${orderId}`, expectedVersion: 0, events: [saved] }], {
    metadata: { actor_id: users.admin.id, actor_role: "admin", correlation_id: randomUUID() },
    recordedAt: new Date().toISOString(),
  });
  return position;
}

describe("GET /api/health", () => {
  it("answers an anonymous caller, or a member without the Integrations screen, the status alone", async () => {
    for (const token of [undefined, users.requester.token, "not-a-token"]) {
      const res = await health(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
    }
    for (const token of [users.admin.token, users.finance.token]) {
      expect((await health(token)).json()).toMatchObject({ status: "ok", postgres: { ok: true }, projections: { ok: true }, relay: { ok: true } });
    }
  });

  it("tells a failing projection's error to admins and nobody else, then recovers", async () => {
    // A read-model table gone from under its projection: the database's own error, as a real fault would give.
    await sql`alter table rm_orders rename to rm_orders_away`.execute(t.runtime.db);
    try {
      const position = await appendOrder();
      await expect.poll(async () => ((await health(users.admin.token)).json() as Report).projections?.ok, { timeout: 30_000 }).toBe(false);
      const admin = await health(users.admin.token);
      expect(admin.statusCode).toBe(503);
      expect((admin.json() as Report).projections?.error).toMatch(/rm_orders/);
      // The projection that cannot apply the order is named, with the event and the database's error class.
      await expect
        .poll(async () => ((await health(users.admin.token)).json() as Report).projections?.stalled?.find((s) => s.projection === "orders"), {
          timeout: 30_000,
        })
        .toEqual(expect.objectContaining({ position, eventType: "PurchaseOrderSaved", errorClass: expect.stringMatching(/42P01/) }));

      for (const token of [undefined, users.requester.token]) {
        const res = await health(token);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: "degraded" });
        expect(res.body).not.toMatch(/rm_orders|relation|error/i);
      }
    } finally {
      await sql`alter table rm_orders_away rename to rm_orders`.execute(t.runtime.db);
    }
    await expect
      .poll(async () => (await health(users.admin.token)).json() as Report, { timeout: 30_000 })
      .toMatchObject({ status: "ok", projections: { ok: true } });
    expect((await health()).json()).toEqual({ status: "ok" });
  });
});
