import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { createTestServices, type TestServices } from "../testing/test-services.ts";
import { freePort } from "../testing/free-port.ts";
import { startNatsServer, startProductProcess, type Child } from "../testing/child-process.ts";
import { createStreamUsers, runCommandStream, waitForProjections } from "../testing/command-stream.ts";
import { liveAndRebuiltReadModels } from "./compare-with-rebuild.ts";

/**
 * SIGKILL in the middle of a stream of 2,000 commands, then a restart: every read model must equal a fresh rebuild,
 * row for row. On a Postgres server the projector runs as a process of its own and is the one killed; on the
 * embedded database (one process by nature) the whole product is killed.
 */
let services: TestServices;
let nats: Child | null = null;
const children: Child[] = [];

beforeAll(async () => {
  services = await createTestServices("projkill");
});
afterAll(async () => {
  for (const child of children) await child.kill("SIGKILL");
  await nats?.kill();
  await services?.cleanup();
});

describe("a projector killed mid-stream", () => {
  it("restarts and leaves every read model equal to a fresh rebuild", async () => {
    const port = await freePort();
    const env: Record<string, string> = { ...services.env, PORT: String(port), COMMAND_WAIT_MS: "500" };
    const separate = services.mode === "services";
    if (separate) {
      const natsPort = await freePort();
      const storeDir = join(services.dataDir, "nats");
      mkdirSync(storeDir, { recursive: true });
      nats = await startNatsServer(natsPort, storeDir);
      env.NATS_URL = `nats://127.0.0.1:${natsPort}`;
    } else {
      delete env.NATS_URL;
    }
    const url = `http://127.0.0.1:${port}`;
    const start = (only?: string) => startProductProcess(env, only).then((c) => (children.push(c), c));
    const api = separate ? await start("api,relay") : null;
    let projector = await start(separate ? "projector" : undefined);
    const tokens = await createStreamUsers(url);

    let killed = false;
    let restart: Promise<void> | null = null;
    const outcomes = await runCommandStream(() => url, tokens, 2_000, {
      onProgress: (done) => {
        if (done === 700 && !killed) {
          killed = true;
          restart = (async () => {
            await projector.kill("SIGKILL");
            await new Promise((r) => setTimeout(r, 300));
            projector = await start(separate ? "projector" : undefined);
          })();
        }
      },
    });
    await restart;
    expect(killed).toBe(true);
    expect(outcomes.created + outcomes.commented + outcomes.decided).toBe(2_000);
    await waitForProjections(url);
    await projector.kill();
    await api?.kill();

    const { live, rebuilt } = await liveAndRebuiltReadModels(env);
    expect(live.rm_requests).toHaveLength(outcomes.created);
    expect(live.rm_request_comments).toHaveLength(outcomes.commented);
    for (const table of Object.keys(rebuilt)) expect(live[table], table).toEqual(rebuilt[table]);
  });
});
