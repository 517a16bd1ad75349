import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sql } from "kysely";
import { createdWebhookEndpoint, errorBody, rotatedWebhookSecret, vendor, webhookDelivery, webhookEndpoint } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { createDispatcher } from "@procure/infra/runtime";
import { startReceiver, until } from "@procure/webhooks/testing/receiver";
import { disableEndpoint, FAN_OUT_CHECKPOINT, webhookStreamId } from "@procure/webhooks";
import { comparePositions, loadCheckpoint, ORIGIN } from "@procure/eventstore";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
beforeAll(async () => {
  // Drives the relay, projections or webhooks itself: they stay on the test's thread.
  t = await startTestApp("webhooks", {
    WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
    WEBHOOKS_RETRY_SCHEDULE_MS: "0,100,150,150,150,150,150,150",
    BACKGROUND_THREAD: "false",
  });
  users = await createUsers(t, ["buyer", "finance"]);
}, 60_000);
afterAll(async () => {
  await t?.stop();
  for (const r of receivers) await r.close();
});

const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};
const admin = () => users.admin.token;
const createEndpoint = (body: object) => expectCall(t, "POST", "/api/webhooks", { token: admin(), body, status: 201, schema: createdWebhookEndpoint });
const deliveries = (id: string) => expectCall(t, "GET", `/api/webhooks/${id}/deliveries?limit=200`, { token: admin(), schema: z.array(webhookDelivery) });
const getEndpoint = (id: string) => expectCall(t, "GET", `/api/webhooks/${id}`, { token: admin(), schema: webhookEndpoint });
const registerVendor = (name: string) => expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body: { name }, status: 201, schema: vendor });
const updateVendor = (id: string, body: object) => expectCall(t, "PATCH", `/api/vendors/${id}`, { token: users.buyer.token, body, schema: vendor });

/** Every event appended so far has been fanned out: whatever it queued is in the delivery log. */
const fannedOutToHead = async () => {
  const head = await t.runtime.store.headPosition();
  await until(
    async () => comparePositions((await loadCheckpoint(t.runtime.db, FAN_OUT_CHECKPOINT))?.position ?? ORIGIN, head) >= 0,
    10_000,
    "the fan-out at the head",
  );
};
/** The endpoint's log once nothing in it is pending: no send can follow, so what the receiver has is final. */
const settledDeliveries = (id: string, count: number) =>
  until(
    async () => {
      await fannedOutToHead();
      const log = await deliveries(id);
      return log.length === count && log.every((d) => d.status !== "pending") ? log : null;
    },
    20_000,
    `${count} settled deliveries`,
  );

describe("webhook endpoints", () => {
  it("are for admins only, and refuse bad input with the error shape", async () => {
    const denied = await t.call("GET", "/api/webhooks", { token: users.finance.token });
    expect(denied.statusCode).toBe(403);
    for (const body of [
      { url: "ftp://example.com", event_types: ["*"] },
      { url: "not a url", event_types: ["*"] },
      { url: "https://example.com", event_types: ["vendor.exploded"] },
      { url: "https://example.com", event_types: [] },
      { url: "https://user:pw@example.com", event_types: ["*"] },
      "{bad json",
    ]) {
      const res = await t.call("POST", "/api/webhooks", { token: admin(), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      errorBody.parse(res.json());
    }
    const missing = await t.call("PATCH", "/api/webhooks/00000000-0000-4000-8000-000000000000", { token: admin(), body: { enabled: false } });
    expect(missing.statusCode).toBe(404);
    const badId = await t.call("DELETE", "/api/webhooks/nope", { token: admin() });
    expect(badId.statusCode).toBe(400);
  });

  it("shows the secret once, rotates it with both valid, and never writes it to the log", async () => {
    const r = await receiver();
    const created = await createEndpoint({ url: r.url, description: "ERP", event_types: ["vendor.registered"] });
    expect(created.secret).toMatch(/^whsec_/);
    expect(Buffer.from(created.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    const listed = await expectCall(t, "GET", "/api/webhooks", { token: admin(), schema: z.array(webhookEndpoint) });
    expect(listed.find((e) => e.id === created.id)).not.toHaveProperty("secret");
    const rotated = await expectCall(t, "POST", `/api/webhooks/${created.id}/rotate-secret`, { token: admin(), schema: rotatedWebhookSecret });
    expect(rotated.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.previous_valid_until) - Date.now()).toBeGreaterThan(23 * 3600_000);
    await registerVendor(`Rotation ${Date.now()}`);
    const [got] = await until(() => (r.received.length > 0 ? r.received : null), 15_000, "delivery");
    expect(r.verifies(got!, created.secret)).toBe(true);
    expect(r.verifies(got!, rotated.secret)).toBe(true);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from events
      where data::text like ${`%${created.secret.slice(6, 30)}%`} or metadata::text like ${`%${created.secret.slice(6, 30)}%`}
        or data::text like ${`%${rotated.secret.slice(6, 30)}%`}`.execute(t.runtime.db);
    expect(rows[0]!.n).toBe("0");
    const types = (await t.runtime.store.readStream(`webhook-${created.id}`)).map((e) => e.type);
    expect(types).toEqual(["WebhookEndpointCreated", "WebhookSecretRotated"]);
    await expectCall(t, "DELETE", `/api/webhooks/${created.id}`, { token: admin(), status: 204 });
    expect((await t.call("GET", `/api/webhooks/${created.id}`, { token: admin() })).statusCode).toBe(404);
  });
});

describe("delivery", () => {
  it("sends every subscribed event exactly once per webhook-id, signed, in order per stream", async () => {
    const r = await receiver();
    const endpoint = await createEndpoint({ url: r.url, event_types: ["vendor.registered", "vendor.updated", "vendor.blocked", "vendor.unblocked"] });
    const vendors = await Promise.all([1, 2, 3].map((i) => registerVendor(`Ordered ${i} ${Date.now()}`)));
    for (const v of vendors) {
      await updateVendor(v.id, { notes: "first" });
      await updateVendor(v.id, { status: "blocked" });
      await updateVendor(v.id, { status: "active" });
    }
    const expected = 12;
    await settledDeliveries(endpoint.id, expected);
    expect(r.received).toHaveLength(expected);
    expect(new Set(r.received.map((x) => x.id)).size).toBe(expected);
    for (const x of r.received) {
      expect(r.verifies(x, endpoint.secret)).toBe(true);
      expect(x.payload.type).toMatch(/^vendor\./);
      expect(Math.abs(Number(x.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    }
    for (const v of vendors) {
      const seen = r.received.filter((x) => x.payload.data.vendor_id === v.id).map((x) => x.payload.type);
      expect(seen).toEqual(["vendor.registered", "vendor.updated", "vendor.blocked", "vendor.unblocked"]);
    }
    // Internal events (the name reservation) are never delivered, even to "*".
    expect(r.received.some((x) => x.payload.type.includes("reserved"))).toBe(false);
    const log = await deliveries(endpoint.id);
    expect(log.every((d) => d.status === "delivered" && d.attempts === 1 && d.response_code === 204)).toBe(true);

    const replayed = await expectCall(t, "POST", `/api/webhooks/${endpoint.id}/deliveries/${log[0]!.id}/replay`, {
      token: admin(),
      status: 202,
      schema: webhookDelivery,
    });
    expect(replayed.replay_of).toBe(log[0]!.id);
    await until(() => r.received.length > expected, 10_000, "the replay");
    expect(r.received.at(-1)!.id).toBe(log[0]!.event_id);
    await expectCall(t, "POST", `/api/webhooks/${endpoint.id}/test`, { token: admin(), status: 202, schema: webhookDelivery });
    await until(() => r.received.some((x) => x.payload.type === "webhook.test"), 10_000, "the test event");
    const badReplay = await t.call("POST", `/api/webhooks/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/replay`, { token: admin() });
    expect(badReplay.statusCode).toBe(404);
    await expectCall(t, "PATCH", `/api/webhooks/${endpoint.id}`, { token: admin(), body: { enabled: false }, schema: webhookEndpoint });
  });

  it("disables an endpoint whose receiver answers 410, and says why", async () => {
    const r = await receiver(() => ({ status: 410 }));
    const endpoint = await createEndpoint({ url: r.url, event_types: ["vendor.registered"] });
    await registerVendor(`Gone ${Date.now()}`);
    const disabled = await until(
      async () => {
        const e = await getEndpoint(endpoint.id);
        return e.enabled ? null : e;
      },
      15_000,
      "the endpoint to be disabled",
    );
    expect(disabled.disabled_reason).toMatch(/410/);
    const log = await deliveries(endpoint.id);
    expect(log[0]).toMatchObject({ status: "failed", response_code: 410, attempts: 1 });
    await registerVendor(`Gone again ${Date.now()}`);
    // Fanned out while disabled: nothing is queued for the endpoint, so nothing can be sent.
    await settledDeliveries(endpoint.id, 1);
    expect(r.received).toHaveLength(1);
    const test = await t.call("POST", `/api/webhooks/${endpoint.id}/test`, { token: admin() });
    expect(test.statusCode).toBe(409);
  });

  it("records a disable once when two dispatchers give up on the same delivery at once", async () => {
    const r = await receiver();
    const endpoint = await createEndpoint({ url: r.url, event_types: ["vendor.registered"] });
    const failed = "00000000-0000-4000-8000-00000000d15a";
    const reason = "Every attempt failed (8 attempts); the last: HTTP 500.";
    await Promise.all([0, 1].map(() => disableEndpoint(t.runtime.db, t.runtime.store, endpoint.id, reason, failed)));
    const stream = await t.runtime.store.readStream(webhookStreamId(endpoint.id));
    expect(stream.filter((e) => e.type === "WebhookEndpointDisabled")).toHaveLength(1);
    expect(stream.at(-1)!.metadata).toMatchObject({ actor_id: null, idempotency_key: `disable:${failed}` });
    const e = await until(async () => ((await getEndpoint(endpoint.id)).enabled ? null : await getEndpoint(endpoint.id)), 15_000, "the read model");
    expect(e.disabled_reason).toBe(reason);
  });

  it("counts a redirect as a failure and does not follow it", async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const endpoint = await createEndpoint({ url: r.url, event_types: ["vendor.registered"] });
    await registerVendor(`Moved ${Date.now()}`);
    await until(() => r.received.length >= 2, 15_000, "a retry after the redirect");
    const [first] = await deliveries(endpoint.id);
    expect(first!.status).not.toBe("delivered");
    expect(first!.attempt_log[0]).toMatchObject({ response_code: 302 });
    expect(first!.attempt_log[0]!.error).toMatch(/Redirect/);
    expect(target.received).toHaveLength(0);
    await expectCall(t, "PATCH", `/api/webhooks/${endpoint.id}`, { token: admin(), body: { enabled: false }, schema: webhookEndpoint });
  });

  it("sends each event once with two dispatchers running", async () => {
    const r = await receiver();
    const endpoint = await createEndpoint({ url: r.url, event_types: ["vendor.registered"] });
    const second = createDispatcher(t.runtime.env, t.runtime.db, t.runtime.store, null);
    await second.start();
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => registerVendor(`Twin ${i} ${Date.now()}`)));
      await settledDeliveries(endpoint.id, 20);
      expect(r.received).toHaveLength(20);
      expect(new Set(r.received.map((x) => x.id)).size).toBe(20);
      expect((await deliveries(endpoint.id)).every((d) => d.attempts === 1)).toBe(true);
    } finally {
      await second.stop();
    }
    await expectCall(t, "PATCH", `/api/webhooks/${endpoint.id}`, { token: admin(), body: { enabled: false }, schema: webhookEndpoint });
  });

  it("moves its checkpoint past events no endpoint wants within a moment, and a dispatcher started after them sends nothing again", async () => {
    const r = await receiver();
    const endpoint = await createEndpoint({ url: r.url, event_types: ["vendor.registered"] });
    const v = await registerVendor(`Quiet ${Date.now()}`);
    await until(() => r.received.length >= 1, 10_000, "the registration");
    for (let i = 0; i < 5; i++) await updateVendor(v.id, { notes: `unwanted ${i}` });
    const head = await t.runtime.store.headPosition();
    await until(
      async () => comparePositions((await loadCheckpoint(t.runtime.db, FAN_OUT_CHECKPOINT))?.position ?? ORIGIN, head) >= 0,
      5_000,
      "the fan-out checkpoint at the head",
    );
    // A dispatcher started now begins past them: nothing is recorded or sent again.
    const second = createDispatcher(t.runtime.env, t.runtime.db, t.runtime.store, null);
    await second.start();
    // A later wanted event, fanned out by either dispatcher only after everything before it in the log.
    await registerVendor(`Quiet later ${Date.now()}`);
    await settledDeliveries(endpoint.id, 2);
    await second.stop();
    expect(r.received.map((x) => x.payload.type)).toEqual(["vendor.registered", "vendor.registered"]);
    await expectCall(t, "PATCH", `/api/webhooks/${endpoint.id}`, { token: admin(), body: { enabled: false }, schema: webhookEndpoint });
  });

  it("retries a failing receiver until it answers 200, in order, across a dispatcher restart", async () => {
    let failing = true;
    const r = await receiver(() => (failing ? { status: 500 } : { status: 200 }));
    const endpoint = await createEndpoint({ url: r.url, event_types: ["vendor.registered", "vendor.updated"] });
    const v = await registerVendor(`Flaky ${Date.now()}`);
    await updateVendor(v.id, { notes: "one" });
    await updateVendor(v.id, { notes: "two" });
    await until(() => r.received.length >= 2, 10_000, "two failed attempts");
    // Restart the dispatcher between retries: the pending deliveries are in Postgres.
    await t.runtime.webhooks!.stop();
    const attemptsWhileStopped = r.received.length;
    // Stopped, the dispatcher leaves the deliveries pending in Postgres for whoever starts next.
    expect((await deliveries(endpoint.id)).every((d) => d.status === "pending")).toBe(true);
    const second = createDispatcher(t.runtime.env, t.runtime.db, t.runtime.store, null);
    await second.start();
    try {
      await until(() => r.received.length >= attemptsWhileStopped + 1, 10_000, "a retry after the restart");
      failing = false;
      await until(async () => (await deliveries(endpoint.id)).filter((d) => d.status === "delivered").length === 3, 20_000, "all delivered");
      // What the receiver accepted came in stream order: the last three requests, one per event.
      const accepted = r.received.slice(-3);
      expect(accepted.map((x) => x.payload.data.notes)).toEqual([null, "one", "two"]);
      expect(new Set(accepted.map((x) => x.id)).size).toBe(3);
      const log = await deliveries(endpoint.id);
      const first = log.find((d) => d.event_type === "vendor.registered")!;
      expect(first.attempts).toBeGreaterThan(1);
      // Each attempt before the last was answered 500, or was cut short by the restart and says so; the last is the 200.
      const outcomes = first.attempt_log.map((a) => (a.response_code === null && a.error?.startsWith("Interrupted") ? "interrupted" : a.response_code));
      expect(outcomes.at(-1)).toBe(200);
      expect(outcomes.slice(0, -1).every((o) => o === 500 || o === "interrupted")).toBe(true);
      expect(outcomes.filter((o) => o === 500).length).toBeGreaterThanOrEqual(2);
      expect(first.attempt_log.every((a) => a.latency_ms !== null)).toBe(true);
    } finally {
      await second.stop();
    }
  });
});
