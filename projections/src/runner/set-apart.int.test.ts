import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { EventType, NewEvent, Position, StoredEvent } from "@procure/contracts";
import { comparePositions, ORIGIN } from "@procure/eventstore";
import { category, item } from "@procure/infra/testing/catalogue-events";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import type { Projection } from "../projection.ts";
import { ProjectionRunner } from "./projection-runner.ts";
import { projectionStatus } from "./status.ts";

const TOKEN = "metrics-token-set-apart-0123";
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp("set-apart", { METRICS_TOKEN: TOKEN });
  admin = (await createUsers(t, ["admin"])).admin;
  await sql`create table sa_seen (projection text not null, event_id uuid not null)`.execute(t.runtime.db);
});
afterAll(async () => t?.stop());

const HANDLED: EventType[] = ["CategorySaved", "CatalogueItemSaved"];

/** Records every event it is handed, one row each: an event applied twice, or lost, shows. */
const recording = (name: string, options: { version?: number; reads?: string[]; fails?: () => boolean } = {}): Projection => ({
  name,
  version: options.version ?? 1,
  tables: ["sa_seen"] as never,
  handles: HANDLED,
  reads: options.reads,
  reset: async (db) => {
    await sql`delete from sa_seen where projection = ${name}`.execute(db);
  },
  apply: async (db, events) => {
    // A bug that only one kind of event meets, as a real one would be: the rest of its events it applies.
    if (options.fails?.() && events.some((e) => e.type === "CatalogueItemSaved")) throw new RangeError("an item this projection cannot hold");
    await sql`insert into sa_seen (projection, event_id) select ${name}, id from unnest(${events.map((e) => e.event_id)}::uuid[]) as id`.execute(db);
    return [];
  },
});

async function append(events: NewEvent[]): Promise<Position> {
  const metadata = { actor_id: null, actor_role: null, actor_email: null, correlation_id: randomUUID(), causation_id: null };
  let head = ORIGIN;
  for (const event of events) {
    const id = randomUUID();
    const stream =
      event.type === "CatalogueItemSaved"
        ? { streamType: "catalogue" as const, streamId: `catalogue-item-${id}` }
        : { streamType: "category" as const, streamId: `category-${id}` };
    const { position } = await t.runtime.store.append([{ ...stream, expectedVersion: 0, events: [event] }], {
      metadata,
      recordedAt: new Date().toISOString(),
    });
    if (comparePositions(position, head) > 0) head = position;
  }
  return head;
}

const categories = (n: number) => Array.from({ length: n }, () => category(randomUUID(), `C ${randomUUID().slice(0, 6)}`));

/** An item of a category appended just before it: an event the product's own projections take in their stride. */
async function appendItem(): Promise<Position> {
  const categoryId = randomUUID();
  await append([category(categoryId, `C ${categoryId.slice(0, 6)}`)]);
  return append([item(randomUUID(), categoryId)]);
}

const seen = (name: string) =>
  sql<{ event_id: string }>`select event_id from sa_seen where projection = ${name} order by event_id`
    .execute(t.runtime.db)
    .then((r) => r.rows.map((row) => row.event_id));

async function handledInLog(): Promise<StoredEvent[]> {
  return (await t.runtime.store.readAll(ORIGIN, 100_000)).filter((event) => HANDLED.includes(event.type));
}

type Stalled = { projection: string; position: Position | null; eventType: string | null; errorClass: string };
const stalled = async (): Promise<Stalled[]> =>
  ((await t.call("GET", "/api/health", { token: admin.token })).json() as { projections: { stalled: Stalled[] } }).projections.stalled;

const scrape = async () => (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

describe("a projection that fails on an event", () => {
  it("is set apart while the others go on, is named by health and metrics, and rejoins once it applies again", async () => {
    let broken = true;
    const steady = recording("sa-steady");
    const fragile = recording("sa-fragile", { fails: () => broken });
    const reader = recording("sa-reader", { reads: ["sa-fragile"] });
    const runner = new ProjectionRunner(t.runtime.db, t.runtime.store, null, [steady, fragile, reader], { batchSize: 50, pollMs: 50 });
    await runner.start();
    try {
      const before = await append(categories(3));
      const poisoned = await appendItem();
      const head = await append(categories(3));
      expect(await runner.waitFor(head, 20_000, ["sa-steady"])).toBe(true);
      expect(await seen("sa-steady")).toEqual((await handledInLog()).map((e) => e.event_id).sort());

      // Narrowed down to the one event, with what it threw, for admins; the status alone for anyone else.
      await expect.poll(async () => (await stalled()).find((s) => s.projection === "sa-fragile")?.position, { timeout: 20_000 }).toEqual(poisoned);
      expect(await stalled()).toEqual([expect.objectContaining({ projection: "sa-fragile", eventType: "CatalogueItemSaved", errorClass: "RangeError" })]);
      expect((await t.call("GET", "/api/health")).json()).toEqual({ status: "degraded" });
      expect(await scrape()).toContain(
        `procure_projection_stalled{projection="sa-fragile",position="${poisoned.tx}/${poisoned.pos}",event_type="CatalogueItemSaved",error_class="RangeError"} 1`,
      );
      // `npm run projections -- status` tells the same.
      const status = await projectionStatus(t.runtime.db, [steady, fragile, reader]);
      expect(status).toMatch(new RegExp(`^sa-fragile +1 +\\d+/\\d+ +\\d+  stalled$`, "m"));
      expect(status).toContain(`sa-fragile: fails on CatalogueItemSaved at ${poisoned.tx}/${poisoned.pos} with RangeError`);
      expect(status).not.toMatch(/^sa-steady .*stalled$/m);
      // It applied what came before the event it fails on, and its reader waits with it, past nothing.
      expect(comparePositions(runner.positionOf(["sa-fragile"]), before)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(runner.positionOf(["sa-fragile"]), poisoned)).toBeLessThan(0);
      expect(comparePositions(runner.positionOf(["sa-reader"]), poisoned)).toBeLessThan(0);

      // The others keep moving while it retries.
      const later = await append(categories(2));
      expect(await runner.waitFor(later, 20_000, ["sa-steady"])).toBe(true);
      expect(await seen("sa-steady")).toEqual((await handledInLog()).map((e) => e.event_id).sort());

      broken = false;
      expect(await runner.waitFor(later, 20_000)).toBe(true);
      const log = (await handledInLog()).map((e) => e.event_id).sort();
      for (const name of ["sa-steady", "sa-fragile", "sa-reader"]) expect(await seen(name)).toEqual(log);
      expect(runner.stalls).toEqual([]);
      await expect.poll(stalled, { timeout: 10_000 }).toEqual([]);
      // Back in the main pass: one more event reaches all three.
      const last = await append(categories(1));
      expect(await runner.waitFor(last, 20_000)).toBe(true);
      for (const name of ["sa-steady", "sa-fragile", "sa-reader"]) expect(await seen(name)).toHaveLength(log.length + 1);
    } finally {
      await runner.stop();
    }
  });

  it("catches up with nothing lost under a new version that fixes it", async () => {
    const steady = recording("sb-steady");
    const runner = new ProjectionRunner(
      t.runtime.db,
      t.runtime.store,
      null,
      [steady, recording("sb-fragile", { fails: () => true }), recording("sb-reader", { reads: ["sb-fragile"] })],
      { batchSize: 50, pollMs: 50 },
    );
    await runner.start();
    await append(categories(2));
    await appendItem();
    const head = await append(categories(2));
    try {
      expect(await runner.waitFor(head, 20_000, ["sb-steady"])).toBe(true);
      await expect.poll(async () => (await stalled()).map((s) => s.projection), { timeout: 20_000 }).toEqual(["sb-fragile"]);
    } finally {
      await runner.stop();
    }

    const fixed = new ProjectionRunner(
      t.runtime.db,
      t.runtime.store,
      null,
      [steady, recording("sb-fragile", { version: 2 }), recording("sb-reader", { reads: ["sb-fragile"] })],
      { batchSize: 50, pollMs: 50 },
    );
    await fixed.start();
    try {
      expect(await fixed.waitFor(head, 20_000)).toBe(true);
      const log = (await handledInLog()).map((e) => e.event_id).sort();
      for (const name of ["sb-steady", "sb-fragile", "sb-reader"]) expect(await seen(name)).toEqual(log);
      expect(await stalled()).toEqual([]);
    } finally {
      await fixed.stop();
    }
  });
});
