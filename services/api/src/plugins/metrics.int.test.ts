import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

const TOKEN = "metrics-token-0123456789";

/** The value of one series in Prometheus text (0 when absent), matched by its name and labels as printed. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("metrics behind a token on the API's port", () => {
  let t: TestApp;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await startTestApp("metricstoken", { METRICS_TOKEN: TOKEN });
    buyer = (await createUsers(t, ["buyer"])).buyer;
  });
  afterAll(async () => t?.stop());

  const scrape = (authorization?: string) => fetch(`${t.url}/metrics`, authorization ? { headers: { authorization } } : {});

  it("asks for the token", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer not-the-token-at-all")).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it("counts a command by route and outcome, its HTTP request, and reports sockets, lag, memory and the event loop", async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const created = await fetch(`${t.url}/api/requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${buyer.token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Metered", amount: 12 }),
    });
    expect(created.status).toBe(201);
    const refused = await fetch(`${t.url}/api/requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${buyer.token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "", amount: -1 }),
    });
    expect(refused.status).toBe(400);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const after = await response.text();
    const committed = 'procure_command_duration_seconds_count{command="POST /api/requests",outcome="committed"}';
    expect(sample(after, committed) - sample(before, committed)).toBe(1);
    const http201 = 'procure_http_request_duration_seconds_count{method="POST",route="/api/requests",status="201"}';
    expect(sample(after, http201) - sample(before, http201)).toBe(1);
    // A refusal by validation never reached the command: it is an HTTP 400 only.
    expect(sample(after, 'procure_http_request_duration_seconds_count{method="POST",route="/api/requests",status="400"}')).toBe(1);
    expect(after).toMatch(/^procure_projection_lag_events \d+$/m);
    expect(after).toMatch(/^procure_projection_lag_seconds [\d.]+$/m);
    // The command waited for the requests read model, which applied the new request in a batch it timed.
    const applied = 'procure_projection_apply_seconds_count{projection="requests"}';
    expect(sample(after, applied) - sample(before, applied)).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'procure_projection_apply_seconds_bucket{le="+Inf",projection="requests"}')).toBe(sample(after, applied));
    // The relay publishes to NATS; on the in-process bus there is none to be behind.
    if (t.services.natsUrl) expect(after).toMatch(/^procure_relay_lag_events \d+$/m);
    if (t.services.natsUrl) expect(after).toMatch(/^procure_relay_lag_seconds [\d.]+$/m);
    expect(after).toMatch(/^procure_live_sockets 0$/m);
    expect(after).toMatch(/^procure_outbox_pending\{queue="webhooks"\} 0$/m);
    expect(after).toMatch(/^procure_outbox_overdue_seconds\{queue="mail"\} \d/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    // The new request waits for the admin's decision: the notifier queues a mail, which the scrape counts.
    await expect
      .poll(async () => {
        const text = await (await scrape(`Bearer ${TOKEN}`)).text();
        return sample(text, 'procure_mails{status="pending"}') + sample(text, 'procure_mails{status="sent"}');
      })
      .toBeGreaterThan(0);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});

describe("metrics on a port of their own", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("metricsport", { METRICS_PORT: "0", METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.stop());

  it("are served there without a token, and not on the API's port", async () => {
    expect(t.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const response = await fetch(t.app.metricsUrl!);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^procure_live_sockets /m);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
