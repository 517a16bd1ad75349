import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./testing/test-app.ts";
import { createUsers, type TestUser } from "./testing/users.ts";

describe("a process on the in-process bus", () => {
  let t: TestApp;
  let requester: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    // Whatever services the tests were given, without NATS: the bus is the process's own memory.
    t = await startTestApp("inprocessbus", { NATS_URL: "" });
    ({ requester, admin } = await createUsers(t, ["requester"]));
  });

  afterAll(async () => {
    await t?.stop();
  });

  it("runs no relay, whose checkpoint would only cost a transaction per batch, and says every event is on the bus", async () => {
    expect(t.runtime.bus.kind).toBe("memory");
    expect(t.runtime.relay).toBeNull();
    const created = await fetch(`${t.url}/api/requests`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${requester.token}` },
      body: JSON.stringify({ title: "Desk lamp", amount: 40 }),
    });
    expect(created.status).toBe(201);
    const health = (await (await fetch(`${t.url}/api/health`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { relay: unknown };
    expect(health.relay).toEqual({ ok: true, behind: 0 });
  });
});
