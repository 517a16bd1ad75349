import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { createTestServices, type TestServices } from "../testing/test-services.ts";
import { freePort } from "../testing/free-port.ts";
import { startNatsServer, startProductProcess, type Child } from "../testing/child-process.ts";
import { createStreamUsers, runCommandStream } from "../testing/command-stream.ts";
import { readBackEachAnswer } from "./read-back.ts";

/**
 * The fast part of the read-back drill: a projector SIGKILLed once in the middle of a stream of commands, and every
 * answer followed at once by the read a client makes next, sending back the answer's position. On a Postgres
 * server the projector is a process of its own; on the embedded database the whole product is the one killed.
 */
let services: TestServices;
let nats: Child | null = null;
const children: Child[] = [];

beforeAll(async () => {
  services = await createTestServices("readback");
});
afterAll(async () => {
  for (const child of children) await child.kill("SIGKILL");
  await nats?.kill();
  await services?.cleanup();
});

describe("reads right after acknowledged answers, with a projector killed mid-stream", () => {
  it("all see the write they follow, replays with the same Idempotency-Key included", async () => {
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
    const url = () => `http://127.0.0.1:${port}`;
    const start = (only?: string) => startProductProcess(env, only).then((c) => (children.push(c), c));
    if (separate) await start("api,relay");
    let projector = await start(separate ? "projector" : undefined);
    const tokens = await createStreamUsers(url());

    const { onAnswer, seen } = readBackEachAnswer(url);
    let restart: Promise<void> | null = null;
    const outcomes = await runCommandStream(url, tokens, 600, {
      onAnswer,
      onProgress: (done) => {
        if (done !== 200) return;
        restart = (async () => {
          await projector.kill("SIGKILL");
          await new Promise((r) => setTimeout(r, 300));
          projector = await start(separate ? "projector" : undefined);
        })();
      },
    });
    await restart;
    expect(outcomes.created + outcomes.commented + outcomes.decided).toBe(600);
    expect(seen.missed).toEqual([]);
    expect(seen.reads).toBeGreaterThanOrEqual(600);
    expect(seen.replays).toBeGreaterThan(100);
  });
});
