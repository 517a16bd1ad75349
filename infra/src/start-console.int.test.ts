import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPassword, sampleAccounts } from "@procure/contracts";
import { bundle } from "../build/bundles.ts";
import { repoRoot, spawnUntil, type Child } from "./testing/child-process.ts";
import { freePort } from "./testing/free-port.ts";
import { createTestServices, suffix, type TestServices } from "./testing/test-services.ts";

// `npm start` runs the server as bundled by `npm run build:server`: this file builds its own copy.
const bundleDir = join(repoRoot, ".test-artifacts", `server-${suffix()}`);
beforeAll(() => bundle("server", bundleDir));

let services: TestServices | undefined;
let product: Child | undefined;
afterAll(async () => {
  await product?.kill();
  await services?.cleanup();
  rmSync(bundleDir, { recursive: true, force: true });
});

const signIn = (base: string, email: string) =>
  fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: demoPassword }) });

/**
 * Asks for readiness until the server answers at all, and at that very moment signs in with every sample account:
 * what a probe or an impatient visitor would find.
 */
async function atFirstAnswer(base: string, deadline: number) {
  for (;;) {
    const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
    if (ready) {
      const signIns = await Promise.all(sampleAccounts.map((account) => signIn(base, account.email).then((r) => r.status)));
      return { ready: ready.status, signIns };
    }
    if (Date.now() > deadline) throw new Error("the server never answered");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The summary lines printed so far, added up. */
function summed(output: string) {
  const lines = [...output.matchAll(/^last 1 s: (\d+) requests?, (\d+) errors? \(4xx (\d+), 5xx (\d+)\), p50 \S+ ms, p95 \S+ ms$/gm)];
  const sum = (i: number) => lines.reduce((total, line) => total + Number(line[i]), 0);
  return { lines: lines.length, requests: sum(1), errors: sum(2), clientErrors: sum(3), serverErrors: sum(4) };
}

describe("npm start's console", () => {
  it("says it is ready only once the demo workspace is seeded, then logs a summary of its traffic rather than each request", async () => {
    services = await createTestServices("startconsole");
    // As `npm start` runs on a laptop: development, the demo seed on, no LOG_LEVEL; summaries each second here.
    const { LOG_LEVEL: _level, DEMO_SEED: _seed, NODE_ENV: _node, ...env } = services.env;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const firstAnswer = atFirstAnswer(base, Date.now() + 300_000);
    product = await spawnUntil(process.execPath, [join(bundleDir, "start.mjs")], {
      env: { ...env, NODE_ENV: "development", PORT: String(port), LOG_SUMMARY_MS: "1000" },
      ready: /Procure is running/,
      timeoutMs: 300_000,
    });

    // Nothing answered before the seed was done: the first answer is ready, and every sample account signs in then.
    expect(await firstAnswer).toEqual({ ready: 200, signIns: sampleAccounts.map(() => 200) });
    await expect.poll(() => product!.output()).toMatch(/password\s+procure-demo/);
    const started = product.output();
    const order = ["Filling the empty workspace with demo data", "Procure is running", "Demo workspace ready"].map((line) => started.indexOf(line));
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)),
      started,
    ).toBe(true);

    // Traffic of a known shape: with the first answer and its sign-ins, 11 requests, 2 of them 404s.
    const { token } = (await signIn(base, sampleAccounts[0]!.email).then((r) => r.json())) as { token: string };
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/no-such-thing`)).status).toBe(404);

    await expect.poll(() => summed(product!.output()).requests).toBe(11);
    const output = product.output();
    expect(summed(output)).toMatchObject({ errors: 2, clientErrors: 2, serverErrors: 0 });
    // Quiet: no line per request, nor pino's other information, and no summary of a second without traffic.
    expect(output).not.toMatch(/"reqId"|request completed|incoming request|Server listening/);
    expect(output).not.toMatch(/: 0 requests/);
    // No warning either: a newcomer's console holds only plain lines, where mail goes among them.
    expect(output.split("\n").filter((line) => line.startsWith("{"))).toEqual([]);
    expect(output).toMatch(/Mail is written as \.eml files under .+ \(set SMTP_URL to send it\)\./);
  }, 420_000);
});
