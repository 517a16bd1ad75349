import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparePositions, EventStore, loadCheckpoints, type AppendResult } from "@procure/eventstore";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { until } from "@procure/webhooks/testing/receiver";
import { allProjections, projectionGroups } from "../all-projections.ts";
import { checkpointName } from "./batch-applier.ts";
import { ProjectionGroups } from "./projection-groups.ts";

let t: TestApp;
beforeAll(async () => {
  // The live runner on the test's thread, as one process; the rebuild below runs as `npm run rebuild` would beside it.
  t = await startTestApp("checkpoints-after-rebuild", { BACKGROUND_THREAD: "false" });
});
afterAll(async () => t?.stop());

/** Events no projection handles: every group moves past them in memory and owes its checkpoints the move. */
const unhandled = (count = 1): Promise<AppendResult> =>
  t.runtime.store.append(
    Array.from({ length: count }, () => ({
      streamType: "email" as const,
      streamId: `email-${randomUUID()}`,
      expectedVersion: 0,
      events: [{ type: "EmailReserved" as const, data: { email: `${randomUUID()}@x.test`, user_id: randomUUID() } }],
    })),
    { metadata: { actor_id: null, actor_role: null, correlation_id: "checkpoints-after-rebuild" }, recordedAt: new Date().toISOString() },
  );

describe("checkpoints after a rebuild beside the live runner", () => {
  it("follow the live runner to the head of the log within seconds of quiet", async () => {
    // Enough log for the rebuild to take a while, so that the live runner moves on while it runs.
    for (let i = 0; i < 20; i++) await unhandled(250);
    const rebuilding = new ProjectionGroups(t.runtime.db, new EventStore(t.runtime.db), null, projectionGroups).rebuild();
    // The log moves on while the rebuild resets and steps the checkpoints, and after it.
    for (let i = 0; i < 20; i++) await unhandled();
    await rebuilding;
    let head = (await unhandled()).position;
    for (let i = 0; i < 5; i++) head = (await unhandled()).position;

    const names = new Set(allProjections.map(checkpointName));
    const started = Date.now();
    const behind = async () => (await loadCheckpoints(t.runtime.db)).filter((c) => names.has(c.name) && comparePositions(c.position, head) < 0);
    await until(async () => (await behind()).length === 0, 10_000, "every checkpoint at the head").catch(async (error: unknown) => {
      throw new Error(`${String(error)}; behind: ${(await behind()).map((c) => c.name).join(", ")}`);
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
