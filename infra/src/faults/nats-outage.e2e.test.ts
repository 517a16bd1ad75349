import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { mkdirSync, rmSync } from "node:fs";
import { sql } from "kysely";
import WebSocket from "ws";
import { readEnv } from "@procure/api";
import { createTestServices, type TestServices } from "../testing/test-services.ts";
import { freePort } from "../testing/free-port.ts";
import { readStreamMessages } from "../testing/jetstream.ts";
import { startNatsServer, startProductProcess, type Child } from "../testing/child-process.ts";
import { createStreamUsers, runCommandStream, waitForProjections } from "../testing/command-stream.ts";
import { connectDatabase } from "../runtime.ts";
import { liveAndRebuiltReadModels } from "./compare-with-rebuild.ts";

let services: TestServices | null = null;
let nats: Child | null = null;
let product: Child | null = null;

/** Each case has its own database, NATS server and product process. */
async function cleanUp() {
  await product?.kill("SIGKILL");
  await nats?.kill();
  await services?.cleanup();
  product = nats = services = null;
}
afterEach(cleanUp);

/** Every event id the test's JetStream stream holds, in stream order. */
async function publishedEventIds(natsUrl: string, stream: string): Promise<string[]> {
  return (await readStreamMessages(natsUrl, stream)).map((body) => (JSON.parse(body) as { event_id: string }).event_id);
}

describe.each([
  { outage: "stopped", wipe: false },
  { outage: "stopped and its data directory wiped", wipe: true },
])("NATS $outage during a stream of commands", ({ wipe }) => {
  it("keeps accepting commands and, once NATS is back, publishes everything in order, once", async () => {
    services = await createTestServices(wipe ? "natswipe" : "natsout");
    const natsPort = await freePort();
    const storeDir = join(services.dataDir, wipe ? "nats-wiped" : "nats");
    mkdirSync(storeDir, { recursive: true });
    nats = await startNatsServer(natsPort, storeDir);
    const port = await freePort();
    const natsUrl = `nats://127.0.0.1:${natsPort}`;
    const env: Record<string, string> = { ...services.env, PORT: String(port), NATS_URL: natsUrl, COMMAND_WAIT_MS: "500" };
    const url = `http://127.0.0.1:${port}`;
    product = await startProductProcess(env);
    const tokens = await createStreamUsers(url);
    const heard: string[] = [];
    let invalidatedDuringOutage = 0;
    let natsDown = false;
    const socket = new WebSocket(url.replace("http", "ws") + "/api/live", ["bearer", tokens.requester]);
    socket.on("message", (data) => {
      const type = (JSON.parse(String(data)) as { type: string }).type;
      heard.push(type);
      if (natsDown && type === "invalidate") invalidatedDuringOutage++;
    });
    await new Promise((resolve) => socket.once("open", resolve));

    let outage: Promise<void> | null = null;
    let completed = 0;
    let completedDuringOutage = 0;
    const outcomes = await runCommandStream(() => url, tokens, 600, {
      onProgress: (done) => {
        completed = done;
        if (done === 150) {
          outage = (async () => {
            await nats!.kill("SIGINT");
            natsDown = true;
            // Commands go on against Postgres while NATS is away.
            await new Promise((r) => setTimeout(r, 3_000));
            completedDuringOutage = completed - 150;
            natsDown = false;
            // A wiped server comes back without the stream: the relay must notice and publish the log again.
            if (wipe) rmSync(storeDir, { recursive: true, force: true });
            mkdirSync(storeDir, { recursive: true });
            nats = await startNatsServer(natsPort, storeDir);
          })();
        }
      },
    });
    await outage;
    expect(outcomes.created + outcomes.commented + outcomes.decided).toBe(600);
    expect(outcomes.retries).toBe(0);
    expect(completedDuringOutage).toBeGreaterThan(0);
    // The product's own browsers still hear of the changes its projections make: only other processes need NATS.
    expect(invalidatedDuringOutage).toBeGreaterThan(0);
    await waitForProjections(url);
    // Invalidations sent while the bus was down are lost; the open browser is told to refetch instead.
    const resyncDeadline = Date.now() + 10_000;
    while (!heard.includes("resync") && Date.now() < resyncDeadline) await new Promise((r) => setTimeout(r, 100));
    expect(heard).toContain("resync");
    socket.close();
    // The embedded database belongs to one process at a time: stop the product before reading it.
    await product.kill();

    const connection = await connectDatabase(readEnv(env));
    const { rows } = await sql<{ event_id: string }>`select event_id::text as event_id from events
      order by transaction_id, global_position`.execute(connection.db);
    await connection.close();
    const logOrder = rows.map((r) => r.event_id);
    const deadline = Date.now() + 20_000;
    let published = await publishedEventIds(natsUrl, env.NATS_STREAM!);
    while (published.length < logOrder.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      published = await publishedEventIds(natsUrl, env.NATS_STREAM!);
    }
    expect(published).toEqual(logOrder);

    const { live, rebuilt } = await liveAndRebuiltReadModels(env);
    expect(live.rm_requests).toHaveLength(outcomes.created);
    expect(live.rm_request_comments).toHaveLength(outcomes.commented);
    expect(live.rm_request_audit).toHaveLength(outcomes.created + outcomes.commented + outcomes.decided);
    for (const table of Object.keys(rebuilt)) expect(live[table], table).toEqual(rebuilt[table]);
  });
});
