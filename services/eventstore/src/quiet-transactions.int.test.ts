import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { EventMetadata, Position, StoredEvent } from "@procure/contracts";
import { createTestServices, type TestServices } from "@procure/infra/testing/test-services";
import { connectDatabase } from "@procure/infra/runtime";
import { readEnv } from "@procure/api";
import { EventStore } from "./event-store.ts";
import { lockCheckpoints } from "./checkpoints.ts";
import { comparePositions, ORIGIN, positionOf } from "./position.ts";
import { quietTransactions, type QuietTransaction } from "./quiet-transactions.ts";

let services: TestServices;
let store: EventStore;
let close: () => Promise<void>;
beforeAll(async () => {
  services = await createTestServices("quiet");
  const connection = await connectDatabase(readEnv(services.env));
  store = new EventStore(connection.db);
  close = connection.close;
});
afterAll(async () => {
  await close?.();
  await services?.cleanup();
});

const metadata: EventMetadata = { actor_id: null, actor_role: null, correlation_id: "quiet-test" };
const comments = (requestId: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: "RequestCommented" as const, data: { request_id: requestId, comment_id: randomUUID(), body: `c${i}` } }));

/** Runs `work` inside a transaction that holds a checkpoint lease as a quiet one, as projection batches do. */
async function inQuietTransaction(checkpoint: string, work: (trx: typeof store.db) => Promise<unknown>): Promise<void> {
  const quiet: QuietTransaction = { xid: null };
  try {
    await store.db.transaction().execute(async (trx) => {
      await lockCheckpoints(trx, [checkpoint], { quiet });
      await work(trx as unknown as typeof store.db);
    });
  } finally {
    quietTransactions.end(quiet);
  }
}

describe("quiet transactions", () => {
  it("cannot append: the log refuses the insert and the transaction writes nothing", async () => {
    const id = randomUUID();
    const insert = (trx: typeof store.db) =>
      sql`insert into events (event_id, stream_type, stream_id, stream_version, type, data, metadata, recorded_at, hash)
        values (${randomUUID()}::uuid, 'request', ${`request-${id}`}, 1, 'RequestCommented', '{}'::jsonb, '{}'::jsonb, now(), 'x')`.execute(trx);
    await expect(inQuietTransaction(`quiet-${id}`, insert)).rejects.toThrow(/cannot append events/);
    expect(await store.readStream(`request-${id}`)).toEqual([]);
    // The mark ends with its transaction: the same connection appends as usual afterwards.
    await store.append([{ streamType: "request", streamId: `request-${id}`, expectedVersion: 0, events: comments(id, 1) }], {
      metadata,
      recordedAt: new Date().toISOString(),
    });
    expect(await store.readStream(`request-${id}`)).toHaveLength(1);
  });

  it("let a reader past them without skipping or reordering any event of many concurrent writers", async () => {
    const writers = 6;
    const appendsPerWriter = 25;
    const appended: string[] = [];
    let writing = true;
    const write = async (w: number) => {
      for (let i = 0; i < appendsPerWriter; i++) {
        const id = randomUUID();
        const result = await store.append([{ streamType: "request", streamId: `request-${id}`, expectedVersion: 0, events: comments(id, 1 + ((w + i) % 3)) }], {
          metadata,
          recordedAt: new Date().toISOString(),
        });
        appended.push(...result.events.map((e) => e.event_id));
      }
    };
    // Quiet batches hold their transactions open across the writers' commits, as a slow projection batch would.
    const quietBatches = async () => {
      while (writing) await inQuietTransaction("quiet-batches", () => new Promise((resolve) => setTimeout(resolve, 3)));
    };
    const start = await lastPosition();
    const read: StoredEvent[] = [];
    // A reader also waits for transactions of other databases on the same server (transaction ids are the
    // server's), so an empty read says nothing: it reads until it has seen as many events as were appended.
    const readUntil = async (done: () => boolean) => {
      const deadline = Date.now() + 30_000;
      let at = start;
      while (!done() && Date.now() < deadline) {
        const batch = await store.readAll(at, 50);
        read.push(...batch);
        if (batch.length > 0) at = positionOf(batch.at(-1)!);
        else await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const writing$ = Promise.all(Array.from({ length: writers }, (_, w) => write(w))).finally(() => (writing = false));
    const quiet$ = Promise.all([quietBatches(), quietBatches()]);
    let allWritten = false;
    const reading$ = readUntil(() => allWritten && read.length >= appended.length);
    await writing$;
    await quiet$;
    allWritten = true;
    await reading$;

    const ids = read.map((e) => e.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(appended));
    for (let i = 1; i < read.length; i++) expect(comparePositions(positionOf(read[i - 1]!), positionOf(read[i]!))).toBeLessThan(0);
    const { rows } = await sql<{ event_id: string }>`select event_id::text as event_id from events
      where (transaction_id, global_position) > (${start.tx}::xid8, ${start.pos}::bigint) order by transaction_id, global_position`.execute(store.db);
    expect(ids).toEqual(rows.map((r) => r.event_id));
  });
});

async function lastPosition(): Promise<Position> {
  const { rows } = await sql<Position>`select transaction_id::text as tx, global_position::text as pos from events
    order by transaction_id desc, global_position desc limit 1`.execute(store.db);
  return rows[0] ?? ORIGIN;
}
