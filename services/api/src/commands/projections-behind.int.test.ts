import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let requester: TestUser;
let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  // Drives the relay, projections or webhooks itself: they stay on the test's thread.
  t = await startTestApp("behind", { COMMAND_WAIT_MS: "200", BACKGROUND_THREAD: "false" });
  ({ requester, buyer, admin } = await createUsers(t, ["requester", "buyer"]));
});
afterAll(async () => {
  await t?.stop();
});

describe("a command whose read models do not catch up in time", () => {
  it("is answered as committed, from its own events, and says the read models are behind", async () => {
    await t.runtime.runner!.stop();
    const lagging = await t.call("POST", "/api/requests", { token: requester.token, body: { title: "Second lamp", amount: 31 } });
    expect(lagging.statusCode, lagging.body).toBe(201);
    expect(lagging.json()).toMatchObject({ title: "Second lamp", status: "pending" });
    expect(lagging.headers["x-projections-behind"]).toBe("true");
  });

  it("answers an order's create and edit with the state the command left, not the read model's older one", async () => {
    const created = await t.call("POST", "/api/orders", { token: buyer.token, body: { vendor_name: "Acme", total: 120 } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ vendor_name: "Acme", total: 120, status: "draft" });
    const edited = await t.call("PUT", `/api/orders/${created.json().id}`, { token: buyer.token, body: { vendor_name: "Acme", total: 180 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.json().id, total: 180, po_number: created.json().po_number, created_at: created.json().created_at });
    expect(edited.headers["x-projections-behind"]).toBe("true");
  });

  it("never calls a saved record missing: an answer only its read model can give says it is saved", async () => {
    const saved = await t.call("POST", "/api/approval-rules", { token: admin.token, body: { name: "Large", min_amount: 5_000, stages: ["finance"] } });
    expect(saved.statusCode, saved.body).toBe(503);
    expect(saved.json().error).toMatchObject({ code: "projections_behind", message: "Your change is saved. It will show in a moment; reload shortly." });
    expect(saved.headers["retry-after"]).toBe("2");
    const { rows } = await sql<{ name: string }>`select data->>'name' as name from events where type = 'ApprovalRuleCreated'`.execute(t.runtime.db);
    expect(rows.map((r) => r.name)).toEqual(["Large"]);
  });
});
