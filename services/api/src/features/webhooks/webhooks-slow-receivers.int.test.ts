import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createdWebhookEndpoint, vendor, webhookDelivery } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { startReceiver, until } from "@procure/webhooks/testing/receiver";

let t: TestApp;
let users: Record<"buyer" | "admin", TestUser>;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  // Drives the relay, projections or webhooks itself: they stay on the test's thread.
  t = await startTestApp("webhooks-slow", {
    WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
    WEBHOOKS_RETRY_SCHEDULE_MS: "0,600000",
    WEBHOOKS_TIMEOUT_MS: "20000",
    BACKGROUND_THREAD: "false",
  });
  users = await createUsers(t, ["buyer"]);
}, 60_000);
afterAll(async () => {
  await t?.stop();
  for (const close of closers) await close();
});

/** A loopback receiver answering each request with `handle`; it counts the requests it has. */
async function rawReceiver(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    req.resume();
    req.on("end", () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, requests };
}

const MB = 1024 * 1024;

/** Answers `status` with a body of `bytes`, written as the reader takes it, and counts what it could write. */
async function hugeAnswer(status: number, bytes: number) {
  const chunk = Buffer.alloc(64 * 1024, "x");
  let written = 0;
  const receiver = await rawReceiver((_req, res) => {
    res.writeHead(status, { "content-type": "text/plain", "content-length": String(bytes) });
    const more = () => {
      while (written < bytes && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end();
    };
    more();
  });
  return { ...receiver, written: () => written };
}

const admin = () => users.admin.token;
const createEndpoint = (url: string) =>
  expectCall(t, "POST", "/api/webhooks", { token: admin(), body: { url, event_types: ["vendor.registered"] }, status: 201, schema: createdWebhookEndpoint });
const deliveries = (id: string) => expectCall(t, "GET", `/api/webhooks/${id}/deliveries?limit=20`, { token: admin(), schema: z.array(webhookDelivery) });
const sendTest = (id: string) => expectCall(t, "POST", `/api/webhooks/${id}/test`, { token: admin(), status: 202, schema: webhookDelivery });
const registerVendor = (name: string) => expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body: { name }, status: 201, schema: vendor });

describe("receivers that misbehave", () => {
  it("cannot fill the sender's memory with a 200 MB answer", async () => {
    const accepted = await hugeAnswer(200, 200 * MB);
    const refused = await hugeAnswer(500, 200 * MB);
    const endpoints = await Promise.all([createEndpoint(accepted.url), createEndpoint(refused.url)]);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const attempted = await Promise.all(
      endpoints.map(async (e) => {
        await sendTest(e.id);
        return until(async () => (await deliveries(e.id)).find((d) => d.attempt_log.length > 0), 60_000, "the attempt");
      }),
    ).finally(() => clearInterval(sampler));
    expect((peak - before) / MB).toBeLessThan(50);
    // The rest of each answer was never asked for.
    expect(accepted.written() + refused.written()).toBeLessThan(50 * MB);
    const [ok, failed] = attempted;
    expect(ok!.status).toBe("delivered");
    expect(failed!.attempt_log[0]).toMatchObject({ response_code: 500 });
    expect(failed!.attempt_log[0]!.error).toMatch(/^HTTP 500: x{200}$/);
  });

  it("that never answers holds up no other endpoint", async () => {
    const hanging = await rawReceiver(() => {});
    const quick = await startReceiver();
    closers.push(quick.close);
    const slow = await createEndpoint(hanging.url);
    const other = await createEndpoint(quick.url);

    await sendTest(slow.id);
    await until(() => hanging.requests.length === 1, 10_000, "the hanging receiver to be sent the test event");
    let started = Date.now();
    await sendTest(other.id);
    // Looked for at once, as the fan-out does for an event, rather than at the dispatcher's next poll.
    t.runtime.webhooks!.wake();
    await until(() => quick.received.length === 1, 30_000, "the other endpoint's test event");
    expect(Date.now() - started).toBeLessThan(1_000);

    // An event both want: the hanging receiver takes its copy and never answers, the other gets its own at once.
    started = Date.now();
    await registerVendor(`Beside a slow one ${Date.now()}`);
    await until(() => quick.received.length === 2, 30_000, "the other endpoint's event");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(quick.received.map((x) => x.payload.type)).toEqual(["webhook.test", "vendor.registered"]);
    await until(() => hanging.requests.length === 2, 10_000, "the hanging receiver to be sent the event too");
  });

  it("holds no more than four sends to one endpoint at once", async () => {
    const hanging = await rawReceiver(() => {});
    const quick = await startReceiver();
    closers.push(quick.close);
    const slow = await createEndpoint(hanging.url);
    const other = await createEndpoint(quick.url);
    for (let i = 0; i < 6; i++) await sendTest(slow.id);
    t.runtime.webhooks!.wake();
    await until(() => hanging.requests.length === 4, 10_000, "four sends to the hanging receiver");
    // Due after the six, sent while two of them still wait for a free slot of their endpoint.
    await sendTest(other.id);
    t.runtime.webhooks!.wake();
    await until(() => quick.received.length === 1, 30_000, "the other endpoint's test event");
    expect(hanging.requests).toHaveLength(4);
    expect((await deliveries(slow.id)).filter((d) => d.attempts === 0)).toHaveLength(2);
  });
});
