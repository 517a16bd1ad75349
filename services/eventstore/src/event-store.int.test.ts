import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import type { EventMetadata, NewEvent } from "@procure/contracts";
import { createTestServices, type TestServices } from "@procure/infra/testing/test-services";
import { connectDatabase } from "@procure/infra/runtime";
import { readEnv } from "@procure/api";
import { ConcurrencyConflictError, IdempotentReplay } from "./errors.ts";
import { APPENDS_NOTHING } from "./db.ts";
import { EventStore } from "./event-store.ts";
import { positionOf } from "./position.ts";
import { verifyStreamChain } from "./verify-chain.ts";
import { checkAgainstAnchor, takeAnchor } from "./chain-anchor.ts";
import { rechainStreams } from "./rechain.ts";

let services: TestServices;
let store: EventStore;
let close: () => Promise<void>;
beforeAll(async () => {
  services = await createTestServices("store");
  const connection = await connectDatabase(readEnv(services.env));
  store = new EventStore(connection.db);
  close = connection.close;
});
afterAll(async () => {
  await close?.();
  await services?.cleanup();
});

const metadata: EventMetadata = { actor_id: null, actor_role: null, correlation_id: "test" };
const comment = (requestId: string, body: string): NewEvent => ({ type: "RequestCommented", data: { request_id: requestId, comment_id: randomUUID(), body } });

async function appendComments(streamId: string, requestId: string, n: number, expected = 0) {
  return store.append(
    [{ streamType: "request", streamId, expectedVersion: expected, events: Array.from({ length: n }, (_, i) => comment(requestId, `c${i}`)) }],
    {
      metadata,
      recordedAt: new Date().toISOString(),
    },
  );
}

describe("the event store", () => {
  it("raises a typed conflict on a stale expected version and writes nothing", async () => {
    const id = randomUUID();
    await appendComments(`request-${id}`, id, 2);
    await expect(appendComments(`request-${id}`, id, 1, 1)).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect(await store.readStream(`request-${id}`)).toHaveLength(2);
  });

  it("keeps one unbroken chain when many writers, each deciding on what it read, race on one stream", async () => {
    const id = randomUUID();
    const streamId = `request-${id}`;
    await appendComments(streamId, id, 1);
    // Two stores, as two API processes: each remembers the heads it has seen, and one's memory goes stale.
    const other = new EventStore(store.db);
    let won = 0;
    let conflicts = 0;
    await Promise.all(
      Array.from({ length: 12 }, async (_, w) => {
        const writer = w % 2 === 0 ? store : other;
        for (let i = 0; i < 8; i++) {
          const version = (await writer.readStream(streamId)).length;
          try {
            await writer.append(
              [{ streamType: "request", streamId, expectedVersion: version, events: [comment(id, `w${w}-${i}`), comment(id, `w${w}-${i}b`)] }],
              {
                metadata,
                recordedAt: new Date().toISOString(),
              },
            );
            won++;
          } catch (error) {
            expect(error).toBeInstanceOf(ConcurrencyConflictError);
            conflicts++;
          }
        }
      }),
    );
    expect(won + conflicts).toBe(96);
    expect(won).toBeGreaterThan(0);
    const events = await store.readStream(streamId);
    expect(events).toHaveLength(1 + 2 * won);
    expect(events.map((e) => e.stream_version)).toEqual(events.map((_, i) => i + 1));
    expect(await verifyStreamChain(store.db, streamId)).toMatchObject({ valid: true, events: 1 + 2 * won, first_broken: null });
  });

  it("refuses an expected version ahead of the stream and one behind it, whatever it remembers", async () => {
    const id = randomUUID();
    const streamId = `request-${id}`;
    await appendComments(streamId, id, 2);
    await expect(appendComments(streamId, id, 1, 5)).rejects.toBeInstanceOf(ConcurrencyConflictError);
    // Another process appends: this store still remembers version 2 as the head.
    await new EventStore(store.db).append([{ streamType: "request", streamId, expectedVersion: 2, events: [comment(id, "elsewhere")] }], {
      metadata,
      recordedAt: new Date().toISOString(),
    });
    await expect(appendComments(streamId, id, 1, 2)).rejects.toBeInstanceOf(ConcurrencyConflictError);
    await appendComments(streamId, id, 1, 3);
    expect(await verifyStreamChain(store.db, streamId)).toMatchObject({ valid: true, events: 4 });
  });

  it("claims an idempotency key with the events, and keeps no claim when the append conflicts", async () => {
    const id = randomUUID();
    const streamId = `request-${id}`;
    await appendComments(streamId, id, 1);
    const claim = (key: string) => ({ scope: "test", key, requestHash: "h" });
    const append = (expectedVersion: number, key: string) =>
      store.append([{ streamType: "request", streamId, expectedVersion, events: [comment(id, key)] }], {
        metadata,
        recordedAt: new Date().toISOString(),
        idempotency: claim(key),
      });
    const conflicted = `k-${randomUUID()}`;
    await expect(append(0, conflicted)).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect(await store.idempotency.find("test", conflicted)).toBeUndefined();
    const key = `k-${randomUUID()}`;
    await append(1, key);
    expect(await store.idempotency.find("test", key)).toMatchObject({ request_hash: "h", status_code: null });
    await expect(append(2, key)).rejects.toBeInstanceOf(IdempotentReplay);
    expect(await store.readStream(streamId)).toHaveLength(2);
  });

  it("lets concurrent appends share a commit while each succeeds or fails on its own", async () => {
    const id = randomUUID();
    const known = `request-${id}-known`;
    const moved = `request-${id}-moved`;
    await appendComments(known, id, 1);
    await appendComments(moved, id, 1);
    // Another process moves one stream on; this store still remembers its old head.
    const other = new EventStore(store.db);
    await other.append([{ streamType: "request", streamId: moved, expectedVersion: 1, events: [comment(id, "elsewhere")] }], {
      metadata,
      recordedAt: new Date().toISOString(),
    });
    const taken = `k-${randomUUID()}`;
    const shared = `k-${randomUUID()}`;
    const append = (writer: EventStore, streamId: string, expectedVersion: number, key?: string) =>
      writer.append([{ streamType: "request", streamId, expectedVersion, events: [comment(id, streamId)] }], {
        metadata,
        recordedAt: new Date().toISOString(),
        idempotency: key ? { scope: "test", key, requestHash: "h" } : undefined,
      });
    await append(store, `request-${id}-claim`, 0, taken);

    const fresh = Array.from({ length: 20 }, (_, i) => `request-${id}-new-${i}`);
    const outcomes = await Promise.allSettled([
      ...fresh.map((streamId) => append(store, streamId, 0)),
      append(store, known, 1),
      append(store, moved, 1),
      append(store, `request-${id}-replayed`, 0, taken),
      append(store, `request-${id}-shared-a`, 0, shared),
      append(store, `request-${id}-shared-b`, 0, shared),
      append(store, `request-${id}-twice`, 0),
      append(store, `request-${id}-twice`, 0),
    ]);
    const kinds = outcomes.map((o) =>
      o.status === "fulfilled"
        ? "ok"
        : o.reason instanceof ConcurrencyConflictError
          ? "conflict"
          : o.reason instanceof IdempotentReplay
            ? "replay"
            : String(o.reason),
    );
    const [knownK, movedK, replayedK, sharedA, sharedB, twiceA, twiceB] = kinds.slice(fresh.length);
    expect(knownK).toBe("ok");
    expect(movedK).toBe("conflict");
    expect(replayedK).toBe("replay");
    expect([sharedA, sharedB].sort()).toEqual(["ok", "replay"]);
    expect([twiceA, twiceB].sort()).toEqual(["conflict", "ok"]);
    expect(kinds.slice(0, fresh.length)).toEqual(Array(fresh.length).fill("ok"));

    const appended = outcomes.flatMap((o) => (o.status === "fulfilled" ? o.value.events : []));
    // Appends under way together went out in shared statements: fewer transactions than appends.
    expect(new Set(appended.map((e) => e.transaction_id)).size).toBeLessThan(appended.length);
    // Each answer says where the log put its own events.
    for (const event of appended) {
      expect(await store.positionOfEvent(event.event_id)).toEqual({ tx: event.transaction_id, pos: event.global_position });
    }
    for (const streamId of [...fresh, known, moved, `request-${id}-twice`]) {
      expect(await verifyStreamChain(store.db, streamId)).toMatchObject({ valid: true, first_broken: null });
    }
    expect(await store.readStream(known)).toHaveLength(2);
    expect(await store.readStream(moved)).toHaveLength(2);
    expect(await store.readStream(`request-${id}-twice`)).toHaveLength(1);
    expect(await store.readStream(`request-${id}-replayed`)).toHaveLength(0);
    expect((await store.readStream(`request-${id}-shared-a`)).length + (await store.readStream(`request-${id}-shared-b`)).length).toBe(1);
  });

  it("fails only the appends a writer in another process beat to their streams, however the statements fell", async () => {
    const id = randomUUID();
    const other = new EventStore(store.db);
    const append = (writer: EventStore, streamId: string) =>
      writer.append([{ streamType: "request", streamId, expectedVersion: 0, events: [comment(id, streamId)] }], {
        metadata,
        recordedAt: new Date().toISOString(),
      });
    const streams = Array.from({ length: 30 }, (_, i) => `request-${id}-${i}`);
    // Both stores create every third stream; each of the others has one writer.
    const outcomes = await Promise.allSettled([
      ...streams.map((streamId) => append(store, streamId)),
      ...streams.filter((_, i) => i % 3 === 0).map((streamId) => append(other, streamId)),
    ]);
    const failures = outcomes.filter((o) => o.status === "rejected");
    expect(failures.map((o) => (o as PromiseRejectedResult).reason)).toEqual(Array(10).fill(expect.any(ConcurrencyConflictError)));
    for (const streamId of streams) {
      expect(await store.readStream(streamId)).toHaveLength(1);
      expect(await verifyStreamChain(store.db, streamId)).toMatchObject({ valid: true, events: 1 });
    }
  });

  it("never lets a reader skip an event committed late by a slower transaction", async () => {
    // Many writers commit in an order unrelated to their identity values; a reader walking the log while they
    // run must still see every event exactly once, in a consistent order.
    const seen: string[] = [];
    let position = await store.headPosition();
    let writing = true;
    let stopAt = Infinity;
    const reader = (async () => {
      while (writing || (seen.length < 400 && Date.now() < stopAt)) {
        const batch = await store.readAll(position, 50);
        for (const event of batch) seen.push(event.event_id);
        if (batch.length) position = positionOf(batch.at(-1)!);
        // Any transaction on the server (other databases' too) holds the readable end back for a moment; an event
        // the reader skipped lies behind its position and would never come, however long it keeps reading.
        else await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const written: string[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, w) => {
        for (let i = 0; i < 10; i++) {
          const id = randomUUID();
          const eventId = randomUUID();
          // Some transactions take their identity value, then stay open a little, as a slow writer would.
          await store.db.transaction().execute(async (trx) => {
            await trx
              .insertInto("events")
              .values({
                event_id: eventId,
                stream_type: "request",
                stream_id: `request-${id}`,
                stream_version: 1,
                type: "RequestCommented",
                schema_version: 1,
                data: JSON.stringify({ request_id: id, comment_id: randomUUID(), body: "x" }),
                metadata: JSON.stringify(metadata),
                recorded_at: new Date().toISOString(),
                hash: "test",
              })
              .execute();
            if ((w + i) % 7 === 0) await sql`select pg_sleep(0.02)`.execute(trx);
          });
          written.push(eventId);
        }
      }),
    );
    writing = false;
    stopAt = Date.now() + 10_000;
    await reader;
    expect(seen).toHaveLength(400);
    expect(new Set(seen)).toEqual(new Set(written));
  });

  // One database on a shared server: the embedded database has no other.
  it.skipIf(!process.env.DATABASE_URL)("reads past a transaction of another database on the server, never past one of its own", async () => {
    const other = new pg.Client({ connectionString: services.databaseUrl!.replace(/\/[^/]*$/, "/postgres") });
    await other.connect();
    const requestId = randomUUID();
    try {
      // A transaction elsewhere on the server takes an id below the append's and stays open.
      await other.query("begin");
      await other.query("select pg_current_xact_id()");
      const before = await store.headPosition();
      await appendComments(`request-${requestId}`, requestId, 1);
      await expect.poll(async () => (await store.readAll(before, 10)).map((e) => e.data)).toContainEqual(expect.objectContaining({ request_id: requestId }));
      await other.query("rollback");

      // The same, open in this database: readers wait, since it could still commit an event below the append's.
      const held = await store.db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        await sql`select pg_current_xact_id()`.execute(conn);
        const from = await store.headPosition();
        const laterId = randomUUID();
        await appendComments(`request-${laterId}`, laterId, 1);
        const whileOpen = await store.readAll(from, 10);
        await sql`rollback`.execute(conn);
        return { whileOpen, from };
      });
      expect(held.whileOpen).toEqual([]);
      await expect.poll(async () => (await store.readAll(held.from, 10)).length).toBe(1);
    } finally {
      await other.end();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)("reads past a session that appends nothing, in any process, and refuses that session's appends", async () => {
    const reader = new pg.Client({ connectionString: services.databaseUrl!, application_name: APPENDS_NOTHING });
    await reader.connect();
    const requestId = randomUUID();
    try {
      await reader.query("begin");
      await reader.query("select pg_current_xact_id()");
      const before = await store.headPosition();
      await appendComments(`request-${requestId}`, requestId, 1);
      await expect.poll(async () => (await store.readAll(before, 10)).map((e) => e.data)).toContainEqual(expect.objectContaining({ request_id: requestId }));
      await expect(
        reader.query(
          `insert into events (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, hash)
           values (gen_random_uuid(), 'request', 'request-x', 1, 'RequestCommented', 1, '{}', '{}', now(), 'x')`,
        ),
      ).rejects.toThrow(/cannot append events/);
      await reader.query("rollback");
    } finally {
      await reader.end();
    }
  });

  it("verifies an untouched hash chain and names the first event broken by an edit", async () => {
    const id = randomUUID();
    await appendComments(`request-${id}`, id, 4);
    expect(await verifyStreamChain(store.db, `request-${id}`)).toMatchObject({ valid: true, events: 4, first_broken: null });
    await sql`update events set data = jsonb_set(data, '{body}', '"rewritten"') where stream_id = ${`request-${id}`} and stream_version = 3`.execute(store.db);
    const result = await verifyStreamChain(store.db, `request-${id}`);
    expect(result.valid).toBe(false);
    expect(result.first_broken?.stream_version).toBe(3);
  });
});

describe("chain anchors", () => {
  it("expose a truncated stream and a re-chained edit that each stream's own chain cannot see", async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const [truncated, rechained, untouched] = ids.map((id) => `request-${id}`) as [string, string, string];
    await appendComments(truncated, ids[0]!, 3);
    await appendComments(rechained, ids[1]!, 2);
    await appendComments(untouched, ids[2]!, 1);
    // Other tests in this file tamper with streams of their own; this one looks at its three.
    const anchor = JSON.parse(JSON.stringify(await takeAnchor(store.db, { streamIds: [truncated, rechained, untouched] })));
    expect(await checkAgainstAnchor(store.db, anchor)).toEqual([]);

    await sql`delete from events where stream_id = ${truncated} and stream_version = 3`.execute(store.db);
    await sql`update events set data = jsonb_set(data, '{body}', '"rewritten"') where stream_id = ${rechained} and stream_version = 1`.execute(store.db);
    await rechainStreams(store.db as Kysely<unknown>, [rechained]);
    expect((await verifyStreamChain(store.db, truncated)).valid).toBe(true);
    expect((await verifyStreamChain(store.db, rechained)).valid).toBe(true);

    const problems = await checkAgainstAnchor(store.db, anchor);
    expect(problems.map((p) => p.stream_id).sort()).toEqual([truncated, rechained].sort());
    expect(problems.find((p) => p.stream_id === truncated)!.reason).toMatch(/truncated/);
    expect(problems.find((p) => p.stream_id === rechained)!.reason).toMatch(/re-chained/);
    expect(problems.some((p) => p.stream_id === untouched)).toBe(false);

    const forged = { ...anchor, streams: { ...anchor.streams, [truncated]: { version: 2, hash: "0".repeat(64) } } };
    expect((await checkAgainstAnchor(store.db, forged))[0]!.reason).toMatch(/anchor itself was altered/);
  });
});
