import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createdWebhookEndpoint, createWebhookResponse, rotatedWebhookSecret, rotateWebhookSecretResponse } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp("webhook-secrets", { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" });
  ({ admin } = await createUsers(t, []));
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

/** An endpoint that is off: nothing is ever sent to it. */
const endpoint = { url: "http://127.0.0.1:9/never", event_types: ["vendor.registered"], enabled: false };
const post = (url: string, key?: string, body: object = {}) =>
  t.call("POST", url, { token: admin.token, body, headers: key ? { "idempotency-key": key } : {} });

const keyRow = (key: string) => sql<{ n: number }>`select count(*)::int as n from idempotency_keys where key = ${key}`.execute(t.runtime.db);
const age = (key: string, hours: number) =>
  sql`update idempotency_keys set created_at = now() - ${hours} * interval '1 hour' where key = ${key}`.execute(t.runtime.db);

describe("webhook secrets on replays", () => {
  // First in the file: the purge runs on the first write with a key, and then at most once a minute.
  it("purges keys older than 24 hours on a later write, and keeps younger ones", async () => {
    for (const key of ["old-1", "old-2"]) {
      await sql`insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at)
        values (${admin.id}, ${key}, 'hash', 201, '{}', now())`.execute(t.runtime.db);
    }
    await age("old-1", 25);
    await age("old-2", 23);
    expect((await post("/api/webhooks", "fresh", endpoint)).statusCode).toBe(201);
    for (let deadline = Date.now() + 5_000; (await keyRow("old-1")).rows[0]!.n > 0;) {
      expect(Date.now(), "the expired key is still there").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await keyRow("old-2")).rows[0]!.n).toBe(1);
    expect((await keyRow("fresh")).rows[0]!.n).toBe(1);
  });

  it("shows a secret only on the first answer: a replay after a rotation shows none", async () => {
    const first = await post("/api/webhooks", "create-once", endpoint);
    expect(first.statusCode).toBe(201);
    const created = createdWebhookEndpoint.parse(first.json());
    const rotated = rotatedWebhookSecret.parse((await post(`/api/webhooks/${created.id}/rotate-secret`, "rotate-once")).json());

    const replayedCreate = await post("/api/webhooks", "create-once", endpoint);
    expect(replayedCreate.statusCode).toBe(201);
    expect(createWebhookResponse.parse(replayedCreate.json())).toMatchObject({ id: created.id, url: endpoint.url, secret: null });
    const replayedRotation = await post(`/api/webhooks/${created.id}/rotate-secret`, "rotate-once");
    expect(replayedRotation.statusCode).toBe(200);
    expect(rotateWebhookSecretResponse.parse(replayedRotation.json())).toEqual({ secret: null, previous_valid_until: rotated.previous_valid_until });
    for (const body of [replayedCreate.body, replayedRotation.body]) expect(body).not.toContain("whsec_");
  });

  it("shows no secret on a retry of an attempt that committed but never answered", async () => {
    const created = createdWebhookEndpoint.parse((await post("/api/webhooks", "died-create", endpoint)).json());
    await post(`/api/webhooks/${created.id}/rotate-secret`, "died-rotate");
    await sql`update idempotency_keys set status_code = null, response = null where key in ('died-create', 'died-rotate')`.execute(t.runtime.db);
    const retriedCreate = await post("/api/webhooks", "died-create", endpoint);
    expect(retriedCreate.statusCode).toBe(201);
    expect(createWebhookResponse.parse(retriedCreate.json())).toMatchObject({ id: created.id, secret: null });
    const retriedRotation = await post(`/api/webhooks/${created.id}/rotate-secret`, "died-rotate");
    expect(rotateWebhookSecretResponse.parse(retriedRotation.json()).secret).toBeNull();
  });

  it("treats a key older than 24 hours as new", async () => {
    const created = createdWebhookEndpoint.parse((await post("/api/webhooks", undefined, endpoint)).json());
    const first = rotatedWebhookSecret.parse((await post(`/api/webhooks/${created.id}/rotate-secret`, "rotate-daily")).json());
    await age("rotate-daily", 25);
    const again = await post(`/api/webhooks/${created.id}/rotate-secret`, "rotate-daily");
    expect(again.statusCode, again.body).toBe(200);
    const second = rotatedWebhookSecret.parse(again.json());
    expect(second.secret).not.toBe(first.secret);
    const rotations = (await t.runtime.store.readStream(`webhook-${created.id}`)).filter((e) => e.type === "WebhookSecretRotated");
    expect(rotations).toHaveLength(2);

    // An edit is appended by the shared statement of concurrent appends, which claims the key itself.
    const edit = (description: string) =>
      t.call("PATCH", `/api/webhooks/${created.id}`, { token: admin.token, body: { description }, headers: { "idempotency-key": "edit-daily" } });
    expect((await edit("Monday")).statusCode).toBe(200);
    expect((await edit("Tuesday")).statusCode).toBe(422);
    await age("edit-daily", 25);
    const tuesday = await edit("Tuesday");
    expect(tuesday.statusCode, tuesday.body).toBe(200);
    expect(tuesday.json()).toMatchObject({ description: "Tuesday" });
  });
});
