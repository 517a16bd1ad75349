import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { EventMetadata, EventType } from "@procure/contracts";
import { EventStore, saveCheckpoint } from "@procure/eventstore";
import { readEnv } from "@procure/api";
import { checkpointName, type Projection } from "@procure/projections";
import { CheckpointProgress } from "./progress.ts";
import { connectDatabase } from "./runtime.ts";
import { createTestServices, type TestServices } from "./testing/test-services.ts";

const withServices = Boolean(process.env.DATABASE_URL);

const projectionOf = (name: string, handles: EventType[]): Projection => ({ name, version: 1, tables: [], handles, apply: async () => [] });
const comments = projectionOf("comments-reader", ["RequestCommented"]);
const withdrawals = projectionOf("withdrawals-reader", ["RequestWithdrawn"]);
const metadata: EventMetadata = { actor_id: null, actor_role: null, correlation_id: "test" };

/**
 * An API process whose projections run elsewhere reads their progress from the checkpoints table. A busy group moves
 * the checkpoints of its idle projections only now and then, so a command answered from an idle projection's tables
 * must not wait for that move.
 */
describe.skipIf(!withServices)("projection progress read from checkpoints", () => {
  let services: TestServices;
  let store: EventStore;
  let close: () => Promise<void>;
  let progress: CheckpointProgress;
  beforeAll(async () => {
    services = await createTestServices("progress");
    const connection = await connectDatabase(readEnv(services.env));
    store = new EventStore(connection.db);
    close = connection.close;
    progress = new CheckpointProgress(connection.db, store, [comments, withdrawals]);
  });
  afterAll(async () => {
    await close?.();
    await services?.cleanup();
  });

  const comment = async () => {
    const id = randomUUID();
    const { position } = await store.append(
      [
        {
          streamType: "request",
          streamId: `request-${id}`,
          expectedVersion: 0,
          events: [{ type: "RequestCommented", data: { request_id: id, comment_id: randomUUID(), body: "a note" } }],
        },
      ],
      { metadata, recordedAt: new Date().toISOString() },
    );
    return position;
  };

  it("counts a projection with nothing to apply up to a point as there, whatever its checkpoint says", async () => {
    const position = await comment();
    expect(await progress.waitFor(position, 2_000, [withdrawals.name])).toBe(true);
  });

  it("waits for a projection that has an event of its kinds to apply, until its checkpoint passes it", async () => {
    const position = await comment();
    expect(await progress.waitFor(position, 300, [comments.name])).toBe(false);
    const waiting = progress.waitFor(position, 5_000, [comments.name, withdrawals.name]);
    await saveCheckpoint(store.db, checkpointName(comments), position);
    expect(await waiting).toBe(true);
  });

  it("waits for an idle projection whose checkpoint is behind an event it handles", async () => {
    const first = await comment();
    await saveCheckpoint(store.db, checkpointName(comments), first);
    const second = await comment();
    // Nothing after the checkpoint that the withdrawals projection handles; the comments projection has one.
    expect(await progress.waitFor(second, 300, [comments.name])).toBe(false);
    expect(await progress.waitFor(second, 2_000, [withdrawals.name])).toBe(true);
  });
});
