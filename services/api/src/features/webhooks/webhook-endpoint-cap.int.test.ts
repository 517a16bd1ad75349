import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createdWebhookEndpoint, errorBody, webhookStreamId } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { appendEvents } from "@procure/infra/testing/catalogue-events";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp("webhook-endpoint-cap", { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" });
  ({ admin } = await createUsers(t, []));
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

/** Endpoints that are off: nothing is ever sent to them. */
const endpoint = (n: number) => ({ url: `http://127.0.0.1:9/never-${n}`, event_types: ["vendor.registered"], enabled: false });
const create = (n: number) => t.call("POST", "/api/webhooks", { token: admin.token, body: endpoint(n) });

/** An endpoint as one was made before endpoints took slots: its creation alone in the log. */
async function endpointFromBefore(n: number): Promise<string> {
  const id = randomUUID();
  const data = { endpoint_id: id, ...endpoint(n), description: null };
  await appendEvents(t, "webhook", webhookStreamId(id), [{ type: "WebhookEndpointCreated", data }]);
  return id;
}

describe("webhook endpoints per workspace", () => {
  it("are capped at 20 however many creates race for the last slot, and a deleted endpoint frees its slot", async () => {
    const older = [await endpointFromBefore(0), await endpointFromBefore(1), await endpointFromBefore(2)];
    for (let n = 3; n < 19; n++) expect((await create(n)).statusCode).toBe(201);

    const racing = await Promise.all([19, 20, 21, 22, 23].map(create));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of racing.filter((res) => res.statusCode === 409)) {
      expect(errorBody.parse(refused.json()).error.message).toMatch(/at most 20 webhook endpoints/);
    }
    const listed = await t.call("GET", "/api/webhooks", { token: admin.token });
    expect(listed.json()).toHaveLength(20);
    expect((await create(24)).statusCode).toBe(409);

    expect((await t.call("DELETE", `/api/webhooks/${older[0]}`, { token: admin.token })).statusCode).toBe(204);
    const afterDelete = await create(25);
    expect(afterDelete.statusCode, afterDelete.body).toBe(201);
    createdWebhookEndpoint.parse(afterDelete.json());
    expect((await create(26)).statusCode).toBe(409);
  });
});
