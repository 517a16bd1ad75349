import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBody, vendor, webhookDelivery } from "@procure/contracts";
import { webhookEndpointDecider } from "@procure/domain";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { generateSecret, storeSecret } from "@procure/webhooks";
import { startReceiver, until } from "@procure/webhooks/testing/receiver";

// Private URLs are not allowed here: WEBHOOKS_ALLOW_PRIVATE_URLS is left unset.
let t: TestApp;
let users: Record<"buyer" | "admin", TestUser>;
let r: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await startTestApp("webhooks-egress", { WEBHOOKS_RETRY_SCHEDULE_MS: "0,600000" });
  users = await createUsers(t, ["buyer"]);
  r = await startReceiver();
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await r?.close();
});

/** Every way a URL can name this machine; the receiver listens on 127.0.0.1. */
const loopbackHosts = [
  "127.0.0.1",
  "127.1",
  "2130706433",
  "0x7f.1",
  "0177.0.0.1",
  "0",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "[0:0:0:0:0:ffff:7f00:1]",
  "[::ffff:0.0.0.0]",
  "localhost",
];
const urlOf = (host: string) => `http://${host}:${new URL(r.url).port}/hook`;
const admin = () => users.admin.token;
const deliveries = (id: string) => expectCall(t, "GET", `/api/webhooks/${id}/deliveries?limit=20`, { token: admin(), schema: z.array(webhookDelivery) });

/** An endpoint as an earlier version, with a weaker check, could have saved it: straight into its stream. */
async function savedBefore(url: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const decider = webhookEndpointDecider;
  const endpoint = { url, description: null, event_types: ["vendor.registered"], enabled: true };
  const events = decider.decide(decider.initialState, { type: "CreateWebhookEndpoint", endpoint }, { actor: null, now, id });
  await t.runtime.store.append([{ streamType: decider.streamType, streamId: decider.streamId(id), expectedVersion: 0, events }], {
    metadata: { actor_id: users.admin.id, actor_role: "admin", correlation_id: randomUUID() },
    recordedAt: now,
    alsoInTransaction: storeSecret(id, generateSecret(), now),
  });
  return id;
}

describe("webhooks without private URLs", () => {
  it("refuses to save an endpoint on this machine, however its address is spelt", async () => {
    for (const host of loopbackHosts) {
      const res = await t.call("POST", "/api/webhooks", { token: admin(), body: { url: urlOf(host), event_types: ["*"] } });
      expect(res.statusCode, host).toBe(400);
      expect(errorBody.parse(res.json()).error.message, host).toMatch(/private or loopback/);
    }
  });

  it("sends nothing to an endpoint on this machine saved earlier, and the delivery log says why", async () => {
    const ids = await Promise.all(loopbackHosts.map((host) => savedBefore(urlOf(host))));
    for (const id of ids) {
      await until(async () => (await t.call("GET", `/api/webhooks/${id}`, { token: admin() })).statusCode === 200, 10_000, "the endpoint in the read model");
      await expectCall(t, "POST", `/api/webhooks/${id}/test`, { token: admin(), status: 202, schema: webhookDelivery });
    }
    await expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body: { name: `Egress ${Date.now()}` }, status: 201, schema: vendor });

    for (const [i, id] of ids.entries()) {
      const attempted = await until(
        async () => {
          const log = await deliveries(id);
          return log.length === 2 && log.every((d) => d.attempt_log.length > 0) ? log : null;
        },
        15_000,
        `both deliveries to ${loopbackHosts[i]} attempted`,
      );
      expect(attempted.map((d) => d.event_type).sort(), loopbackHosts[i]).toEqual(["vendor.registered", "webhook.test"]);
      for (const d of attempted) {
        expect(d.status, loopbackHosts[i]).toBe("pending");
        expect(d.attempt_log[0]!.response_code, loopbackHosts[i]).toBeNull();
        expect(d.attempt_log[0]!.error, loopbackHosts[i]).toMatch(/^Refused: the host .+ resolves to a private or loopback address\.$/);
      }
    }
    expect(r.received).toHaveLength(0);
  });
});
