import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../testing/test-services.ts";
import { startProjectorApart, type ProjectorApart } from "../testing/projector-apart.ts";
import { createStreamUsers, runCommandStream } from "../testing/command-stream.ts";
import { readBackEachAnswer } from "./read-back.ts";

/**
 * The fast part of the read-back drill: a projector SIGKILLed once in the middle of a stream of commands, and every
 * answer followed at once by the read a client makes next, sending back the answer's position. On a Postgres
 * server the projector is a process of its own; on the embedded database the whole product is the one killed.
 */
let services: TestServices;
let product: ProjectorApart | null = null;

beforeAll(async () => {
  services = await createTestServices("readback");
});
afterAll(async () => {
  await product?.stop();
  await services?.cleanup();
});

describe("reads right after acknowledged answers, with a projector killed mid-stream", () => {
  it("all see the write they follow, replays with the same Idempotency-Key included", async () => {
    const started = await startProjectorApart(services);
    product = started;
    const url = () => started.url;
    const tokens = await createStreamUsers(started.url);

    const { onAnswer, seen } = readBackEachAnswer(url);
    let restart: Promise<void> | null = null;
    const outcomes = await runCommandStream(url, tokens, 600, {
      onAnswer,
      onProgress: (done) => {
        if (done !== 200) return;
        restart = started.restartProjector();
      },
    });
    await restart;
    expect(outcomes.created + outcomes.commented + outcomes.decided).toBe(600);
    expect(seen.missed).toEqual([]);
    expect(seen.reads).toBeGreaterThanOrEqual(600);
    expect(seen.replays).toBeGreaterThan(100);
  });
});
