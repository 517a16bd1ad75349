import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { purchaseRequest } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("concurrency");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const eventCount = async (streamId?: string) => {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from events ${streamId ? sql`where stream_id = ${streamId}` : sql``}`.execute(
    t.runtime.db,
  );
  return Number(rows[0]!.n);
};

describe("concurrent decisions and retried commands", () => {
  it("20 concurrent approve/deny calls on one request: exactly one event appended, the rest 409", async () => {
    const created = purchaseRequest.parse(
      (await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Contested", amount: 10 } })).json(),
    );
    const deciders = [users.approver, users.finance, users.admin];
    // Over real sockets, so the calls truly overlap in the server.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${t.url}/api/requests/${created.id}/${i % 2 ? "deny" : "approve"}`, {
          method: "POST",
          headers: { authorization: `Bearer ${deciders[i % 3]!.token}`, "content-type": "application/json" },
          body: JSON.stringify({ comment: "Contested" }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((r) => r.status === 409)) expect(((await r.json()) as { error: { code: string } }).error.code).toBe("conflict");
    expect(await eventCount(`request-${created.id}`)).toBe(2);
  });

  it("the same Idempotency-Key twice creates one request and answers the same; another body is a 422", async () => {
    const before = await eventCount();
    const send = (body: object) => t.call("POST", "/api/requests", { token: users.requester.token, body, headers: { "idempotency-key": "create-monitor-1" } });
    const first = await send({ title: "Monitor", amount: 199 });
    const second = await send({ title: "Monitor", amount: 199 });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await eventCount()).toBe(before + 1);
    const different = await send({ title: "Monitor", amount: 200 });
    expect(different.statusCode).toBe(422);
    expect(await eventCount()).toBe(before + 1);
  });

  it("concurrent retries with one Idempotency-Key still create exactly one request", async () => {
    const before = await eventCount();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${t.url}/api/requests`, {
          method: "POST",
          headers: { authorization: `Bearer ${users.requester.token}`, "content-type": "application/json", "idempotency-key": "burst-1" },
          body: JSON.stringify({ title: "Burst", amount: 5 }),
        }),
      ),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { id?: string }[];
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(await eventCount()).toBe(before + 1);
  });

  it("20 racing retries of one approve with one Idempotency-Key are all answered as the approval", async () => {
    const created = purchaseRequest.parse(
      (await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Retried approval", amount: 12 } })).json(),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${t.url}/api/requests/${created.id}/approve`, {
          method: "POST",
          headers: { authorization: `Bearer ${users.approver.token}`, "idempotency-key": `approve-${created.id}` },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { status: string }[];
    expect(new Set(bodies.map((b) => b.status))).toEqual(new Set(["approved"]));
    expect(await eventCount(`request-${created.id}`)).toBe(2);
  });
});
