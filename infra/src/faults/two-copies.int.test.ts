import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredEvent } from "@procure/contracts";
import { EventStore, loadCheckpoint, ORIGIN, Relay, type Bus } from "@procure/eventstore";
import { allProjections, ProjectionRunner } from "@procure/projections";
import { readEnv } from "@procure/api";
import { connectDatabase } from "../runtime.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { createStreamUsers, runCommandStream } from "../testing/command-stream.ts";
import { snapshotReadModels } from "../testing/read-model-snapshot.ts";

/**
 * Two projectors and two relays over one database (a rolling deploy, or a service scaled to two), and a rebuild
 * started while commands flow: every batch is applied and published once, no checkpoint moves backwards, and the
 * read models equal a fresh rebuild.
 */
let t: TestApp;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // Drives the relay, projections or webhooks itself: they stay on the test's thread.
  t = await startTestApp("twocopies", { BACKGROUND_THREAD: "false" });
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await t?.stop();
});

/** A bus that records which events it was asked to publish, on top of the product's own. */
function countingBus(bus: Bus, published: string[]): Bus {
  return new Proxy(bus, {
    get(target, property, receiver) {
      if (property === "publishEvents") {
        return async (events: StoredEvent[], epoch: number) => {
          await target.publishEvents(events, epoch);
          published.push(...events.map((e) => e.event_id));
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("two copies of the projector and the relay", () => {
  it("apply and publish each event once, never move a checkpoint backwards, and match a rebuild", async () => {
    // A second connection where the database allows one; the embedded database has a single connection to share.
    const second = t.services.mode === "services" ? await connectDatabase(readEnv(t.services.env)) : null;
    if (second) stops.push(second.close);
    const otherDb = second?.db ?? t.runtime.db;
    const otherStore = new EventStore(otherDb);

    const otherRunner = new ProjectionRunner(otherDb, otherStore, null, allProjections, { pollMs: 50 });
    await otherRunner.start();
    stops.push(() => otherRunner.stop());

    // The product's relay steps aside for two counted copies.
    await t.runtime.relay?.stop();
    const takeoverAt = (await loadCheckpoint(t.runtime.db, "relay"))?.position ?? ORIGIN;
    const published: string[] = [];
    const relays = [
      new Relay(t.runtime.store, countingBus(t.runtime.bus, published), { pollMs: 20 }),
      new Relay(otherStore, countingBus(t.runtime.bus, published), { pollMs: 20 }),
    ];
    for (const relay of relays) {
      await relay.start();
      stops.push(() => relay.stop());
    }

    const relayPositions: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const checkpoint = await loadCheckpoint(t.runtime.db, "relay");
        if (checkpoint) relayPositions.push(`${checkpoint.position.tx}:${checkpoint.position.pos}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    const tokens = await createStreamUsers(t.url);
    const rebuilder = new ProjectionRunner(otherDb, otherStore, null, allProjections);
    let rebuild: Promise<void> | null = null;
    const outcomes = await runCommandStream(() => t.url, tokens, 500, {
      onProgress: (done) => {
        if (done === 200) rebuild = rebuilder.rebuild("requests");
      },
    });
    await rebuild;
    const head = await t.runtime.store.headPosition();
    expect(await t.runtime.runner!.waitFor(head, 30_000)).toBe(true);
    expect(await otherRunner.waitFor(head, 30_000)).toBe(true);
    for (;;) {
      const at = (await loadCheckpoint(t.runtime.db, "relay"))?.position;
      if (at && at.tx === head.tx && at.pos === head.pos) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    watching = false;
    await watcher;

    expect(outcomes.created + outcomes.commented + outcomes.decided).toBe(500);
    const sinceTakeover = await t.runtime.store.readAll(takeoverAt, 100_000);
    expect(sinceTakeover.length).toBeGreaterThanOrEqual(500);
    expect(published).toEqual(sinceTakeover.map((e) => e.event_id));
    const sorted = relayPositions.map((p) => p.split(":").map(BigInt) as [bigint, bigint]);
    for (let i = 1; i < sorted.length; i++) {
      const [tx0, pos0] = sorted[i - 1]!;
      const [tx1, pos1] = sorted[i]!;
      expect(tx1 > tx0 || (tx1 === tx0 && pos1 >= pos0), `relay checkpoint moved back at sample ${i}`).toBe(true);
    }

    const live = await snapshotReadModels(t.runtime.db, allProjections);
    const fresh = new ProjectionRunner(t.runtime.db, t.runtime.store, null, allProjections);
    await fresh.rebuild();
    const rebuilt = await snapshotReadModels(t.runtime.db, allProjections);
    expect(live.rm_requests).toHaveLength(outcomes.created);
    for (const table of Object.keys(rebuilt)) expect(live[table], table).toEqual(rebuilt[table]);
  }, 120_000);
});
