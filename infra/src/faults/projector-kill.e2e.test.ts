import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../testing/test-services.ts";
import { startProjectorApart, type ProjectorApart } from "../testing/projector-apart.ts";
import { createStreamUsers, runCommandStream, waitForProjections } from "../testing/command-stream.ts";
import { liveAndRebuiltReadModels } from "./compare-with-rebuild.ts";

/**
 * SIGKILL in the middle of a stream of 2,000 commands, then a restart: every read model must equal a fresh rebuild,
 * row for row.
 */
let services: TestServices;
let product: ProjectorApart | null = null;

beforeAll(async () => {
  services = await createTestServices("projkill");
});
afterAll(async () => {
  await product?.stop();
  await services?.cleanup();
});

describe("a projector killed mid-stream", () => {
  it("restarts and leaves every read model equal to a fresh rebuild", async () => {
    const started = await startProjectorApart(services);
    product = started;
    const tokens = await createStreamUsers(started.url);

    let restart: Promise<void> | null = null;
    const outcomes = await runCommandStream(() => started.url, tokens, 2_000, {
      onProgress: (done) => {
        if (done === 700) restart = started.restartProjector();
      },
    });
    await restart;
    expect(restart).not.toBeNull();
    expect(outcomes.created + outcomes.commented + outcomes.decided).toBe(2_000);
    await waitForProjections(started.url);
    await started.projector().kill();
    await started.api?.kill();

    const { live, rebuilt } = await liveAndRebuiltReadModels(started.env);
    expect(live.rm_requests).toHaveLength(outcomes.created);
    expect(live.rm_request_comments).toHaveLength(outcomes.commented);
    for (const table of Object.keys(rebuilt)) expect(live[table], table).toEqual(rebuilt[table]);
  });
});
