import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { readEnv } from "@procure/api";
import { connectDatabase } from "./runtime.ts";
import { repoRoot, spawnUntil, type Child } from "./testing/child-process.ts";
import { freePort } from "./testing/free-port.ts";
import { createTestServices, suffix, type TestServices } from "./testing/test-services.ts";

// `npm start` runs the server as bundled by `npm run build:server`: this file builds its own copy.
const bundle = join(repoRoot, ".test-artifacts", `server-${suffix()}`);
beforeAll(() => {
  execFileSync(process.execPath, ["--import", "tsx", "infra/build/bundle.ts", "server", "--outdir", bundle], { cwd: repoRoot, stdio: "inherit" });
});
afterAll(() => rmSync(bundle, { recursive: true, force: true }));

let services: TestServices | undefined;
let product: Child | undefined;
afterEach(async () => {
  await product?.kill();
  await services?.cleanup();
  product = undefined;
  services = undefined;
});

/** `npm start` as a production deployment runs it: the bundle, NODE_ENV=production, a real secret, DEMO_SEED as given. */
async function startProduction(label: string, demoSeed?: string) {
  services = await createTestServices(label);
  const { DEMO_SEED: _ignored, ...env } = services.env;
  const port = await freePort();
  product = await spawnUntil(process.execPath, [join(bundle, "start.mjs")], {
    env: { ...env, NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "warn", ...(demoSeed ? { DEMO_SEED: demoSeed } : {}) },
    ready: /Procure is running/,
    timeoutMs: 120_000,
  });
  const landing = (await fetch(`http://127.0.0.1:${port}/api/marketing/landing`).then((r) => r.json())) as { demoWorkspace: boolean };
  return { landing, output: product.output() };
}

async function countRows(table: "events") {
  await product?.kill();
  const connection = await connectDatabase(readEnv({ ...services!.env }));
  try {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(connection.db);
    return Number(rows[0]!.n);
  } finally {
    await connection.close();
  }
}

describe("a production start", () => {
  it("creates no account and advertises none unless DEMO_SEED=true is set", async () => {
    const { landing, output } = await startProduction("prodstart");
    expect(landing.demoWorkspace).toBe(false);
    expect(output).not.toMatch(/procure-demo|Demo workspace ready/);
    expect(await countRows("events")).toBe(0);
  }, 180_000);

  it("with DEMO_SEED=true seeds the demo workspace and warns loudly", async () => {
    const { landing, output } = await startProduction("proddemo", "true");
    expect(output).toMatch(/WARNING: DEMO_SEED=true in production/);
    expect(landing.demoWorkspace).toBe(true);
    // The seed's commands were answered from read models kept by the background thread, where there is one.
    if (services!.databaseUrl && services!.natsUrl) expect(output).toMatch(/relay, projector, webhooks and notifier in a thread of their own/);
  }, 180_000);
});
