import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import { comparePositions, loadCheckpoint, ORIGIN, positionOf } from "@procure/eventstore";
import { category } from "@procure/infra/testing/catalogue-events";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import type { Projection } from "../projection.ts";
import { checkpointName, ProjectionRunner } from "./projection-runner.ts";
import { ProjectionGroups } from "./projection-groups.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp("projection-runner");
  await sql`create table rt_seen (projection text not null, event_id uuid not null, tx text not null, pos text not null)`.execute(t.runtime.db);
});
afterAll(async () => t?.stop());

/** Positions each projection was handed, in the order it was handed them, across every runner and rebuild. */
const handed = new Map<string, Position[]>();

/** Records every event it is handed, in a row of its own: an event applied twice shows as two rows. */
const recording = (name: string): Projection => ({
  name,
  version: 1,
  tables: ["rt_seen"] as never,
  handles: ["CategorySaved"],
  reset: async (db) => {
    await sql`delete from rt_seen where projection = ${name}`.execute(db);
  },
  apply: async (db, events) => {
    handed.set(name, [...(handed.get(name) ?? []), ...events.map(positionOf)]);
    await sql`insert into rt_seen (projection, event_id, tx, pos)
      select ${name}, id, tx, pos from unnest(${events.map((e) => e.event_id)}::uuid[], ${events.map((e) => positionOf(e).tx)}::text[],
        ${events.map((e) => positionOf(e).pos)}::text[]) as e (id, tx, pos)`.execute(db);
    return [];
  },
});

/** A projection none of the appended events concerns: its checkpoint moves with batches it has nothing to do in. */
const idle: Projection = { name: "rt-idle", version: 1, tables: [], reset: async () => {}, handles: ["RequestFileAttached"], apply: async () => [] };

async function appendCategories(count: number): Promise<Position> {
  const metadata = { actor_id: null, actor_role: null, actor_email: null, correlation_id: randomUUID(), causation_id: null };
  let head = ORIGIN;
  // A few appends at a time, so batches hold several transactions' events.
  for (let i = 0; i < count; i += 5) {
    const results = await Promise.all(
      Array.from({ length: Math.min(5, count - i) }, () => {
        const id = randomUUID();
        return t.runtime.store.append([{ streamType: "category", streamId: `category-${id}`, expectedVersion: 0, events: [category(id, `C ${id}`)] }], {
          metadata,
          recordedAt: new Date().toISOString(),
        });
      }),
    );
    for (const { position } of results) if (comparePositions(position, head) > 0) head = position;
  }
  return head;
}

const rows = (name: string) =>
  sql<{ event_id: string; tx: string; pos: string }>`select event_id, tx, pos from rt_seen where projection = ${name} order by event_id`
    .execute(t.runtime.db)
    .then((r) => r.rows);

async function handledInLog(): Promise<StoredEvent[]> {
  const log = await t.runtime.store.readAll(ORIGIN, 100_000);
  return log.filter((event) => event.type === "CategorySaved");
}

describe("a projection runner", () => {
  it("applies appended events once each, in log order, and moves its checkpoints to where it got", async () => {
    const runner = new ProjectionRunner(t.runtime.db, t.runtime.store, null, [recording("rt-live"), idle], { batchSize: 4, pollMs: 50 });
    await runner.start();
    try {
      const head = await appendCategories(23);
      expect(await runner.waitFor(head, 20_000)).toBe(true);
      const log = await handledInLog();
      expect(handed.get("rt-live")).toEqual(log.map(positionOf));
      expect((await rows("rt-live")).map((r) => r.event_id)).toEqual(log.map((e) => e.event_id).sort());
      expect((await loadCheckpoint(t.runtime.db, checkpointName(recording("rt-live"))))?.position).toEqual(runner.position);
    } finally {
      await runner.stop();
    }
    // A checkpoint that only batches it had nothing to do in moved is written by the time the runner stops.
    expect((await loadCheckpoint(t.runtime.db, checkpointName(idle)))?.position).toEqual(runner.position);
  });

  it("never applies a batch twice when two copies follow the same checkpoints", async () => {
    const shared = [recording("rt-shared")];
    const copies = [0, 1].map(() => new ProjectionRunner(t.runtime.db, t.runtime.store, null, shared, { batchSize: 3, pollMs: 20 }));
    for (const copy of copies) await copy.start();
    try {
      const head = await appendCategories(40);
      for (const copy of copies) expect(await copy.waitFor(head, 20_000)).toBe(true);
      const log = await handledInLog();
      const applied = await rows("rt-shared");
      expect(applied.map((r) => r.event_id)).toEqual(log.map((e) => e.event_id).sort());
      // Between them the copies were handed each event once: what one applied, the other skipped.
      expect(handed.get("rt-shared")).toHaveLength(log.length);
    } finally {
      for (const copy of copies) await copy.stop();
    }
  });

  it("moves only the checkpoints of projections a batch concerns, and catches the others up soon after", async () => {
    const group = [recording("rt-mixed"), idle];
    const runner = new ProjectionRunner(t.runtime.db, t.runtime.store, null, group, { batchSize: 4, pollMs: 50 });
    await runner.start();
    try {
      const head = await appendCategories(12);
      expect(await runner.waitFor(head, 20_000)).toBe(true);
      // The idle projection's checkpoint follows within moments, while the runner goes on (not only when it stops).
      const deadline = Date.now() + 5_000;
      let idleAt = await loadCheckpoint(t.runtime.db, checkpointName(idle));
      while (comparePositions(idleAt!.position, head) < 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        idleAt = await loadCheckpoint(t.runtime.db, checkpointName(idle));
      }
      expect(idleAt?.position).toEqual(runner.position);
    } finally {
      await runner.stop();
    }
    // A crash may leave such a checkpoint behind the others: a runner starting from there applies nothing again.
    await sql`update checkpoints set tx = '0'::xid8, pos = 0 where name = ${checkpointName(idle)}`.execute(t.runtime.db);
    const handedBefore = handed.get("rt-mixed")!.length;
    const restarted = new ProjectionRunner(t.runtime.db, t.runtime.store, null, group, { batchSize: 4, pollMs: 50 });
    await restarted.start();
    try {
      const head = await appendCategories(3);
      expect(await restarted.waitFor(head, 20_000)).toBe(true);
      expect(handed.get("rt-mixed")).toHaveLength(handedBefore + 3);
      expect((await rows("rt-mixed")).map((r) => r.event_id)).toEqual((await handledInLog()).map((e) => e.event_id).sort());
    } finally {
      await restarted.stop();
    }
    expect((await loadCheckpoint(t.runtime.db, checkpointName(idle)))?.position).toEqual(restarted.position);
  });

  it("gives the same rows when rebuilt alone, and when its group is rebuilt, as it applied live", async () => {
    const caughtUp = new ProjectionRunner(t.runtime.db, t.runtime.store, null, [recording("rt-live"), idle]);
    await caughtUp.start();
    expect(await caughtUp.waitFor(await t.runtime.store.headPosition(), 20_000)).toBe(true);
    await caughtUp.stop();
    const live = await rows("rt-live");
    expect(live).toHaveLength((await handledInLog()).length);
    await new ProjectionRunner(t.runtime.db, t.runtime.store, null, [recording("rt-live"), idle], { rebuildBatchSize: 7 }).rebuild("rt-live");
    expect(await rows("rt-live")).toEqual(live);
    const groups = new ProjectionGroups(t.runtime.db, t.runtime.store, null, [{ name: "rt", projections: [recording("rt-live"), idle] }], {
      rebuildBatchSize: 6,
    });
    await groups.rebuild();
    expect(await rows("rt-live")).toEqual(live);
    const head = await t.runtime.store.headPosition();
    for (const projection of [recording("rt-live"), idle]) expect((await loadCheckpoint(t.runtime.db, checkpointName(projection)))?.position).toEqual(head);
  });
});
