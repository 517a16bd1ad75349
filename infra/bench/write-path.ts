import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import Fastify from "fastify";
import { sql, type Kysely } from "kysely";
import { createDatabase, EventStore, eventStoreMigrations, migrateToLatest } from "@procure/eventstore";
import { createTestServices } from "../src/testing/test-services.ts";
import { costPerCall } from "./command-cost.ts";
import { throughput } from "./stats.ts";

const CLIENTS = 16;

/** The baselines' table: three columns and a primary key, where an event writes six index entries. */
const createRawTable = (db: Kysely<unknown>) =>
  sql`create table if not exists bench_raw (id uuid primary key, stream_id text not null, data jsonb not null)`.execute(db);
/** The baselines' one INSERT. */
const rawInsert = (db: Kysely<unknown>, streamId: string) =>
  sql`insert into bench_raw (id, stream_id, data) values (${randomUUID()}, ${streamId}, ${JSON.stringify({ n: 1 })})`.execute(db);

/**
 * Calls per second of `count` calls, after `warmMs` (and at least a quarter as many calls) untimed, so that
 * each side is compiled and its statements prepared before it is timed and neither pays for the warm-up the
 * other got first. V8 compiles a server's hot paths for many seconds after it starts taking load: a few thousand
 * requests in, its compiler threads still took a third of the process's CPU.
 */
async function steadyThroughput(count: number, warmMs: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const round = Math.ceil(count / 4);
  const warmUntil = performance.now() + warmMs;
  let calls = 0;
  do {
    await throughput(round, CLIENTS, (i) => work(calls + i));
    calls += round;
  } while (performance.now() < warmUntil);
  return throughput(count, CLIENTS, (i) => work(calls + i));
}

/**
 * Raw INSERTs against the event store's append, each one row / one new stream, 16 at a time, on a database of
 * their own with nothing following the log: the figure is the append's cost, not that of the relay and the
 * projections, which in the product take their share of the same cores for every event appended (`POST
 * /api/requests` measures the whole path). The product's log keeps only what the product's figures wrote.
 */
export async function storeFigures(count: number) {
  const services = await createTestServices("benchstore");
  const connection = createDatabase<unknown>(
    services.databaseUrl ? { kind: "postgres", url: services.databaseUrl, poolSize: 20 } : { kind: "pglite", dataDir: join(services.dataDir, "pgdata") },
  );
  try {
    const db = connection.db;
    await migrateToLatest(db, [eventStoreMigrations]);
    const store = new EventStore(db);
    await createRawTable(db);
    const rawInserts = await steadyThroughput(count, 3_000, () => rawInsert(db, "bench"));
    const append = await steadyThroughput(count, 3_000, () => {
      const id = randomUUID();
      return store.append(
        [
          {
            streamType: "request",
            streamId: `bench-${id}`,
            expectedVersion: 0,
            events: [{ type: "RequestCommented", data: { request_id: id, comment_id: id, body: "x" } }],
          },
        ],
        {
          metadata: { actor_id: null, actor_role: null, actor_email: null, correlation_id: id, causation_id: null },
          recordedAt: new Date().toISOString(),
        },
      );
    });
    return { rawInsertPerSecond: rawInserts, appendPerSecond: append };
  } finally {
    await connection.close();
    await services.cleanup();
  }
}

/** How long each HTTP side warms up: a whole server's code takes longer to compile than a store's. */
const HTTP_WARM_MS = 15_000;

/** The baseline: a bare Fastify route doing one INSERT, on a listener of its own in this process. */
async function startBareRoute(db: Kysely<unknown>) {
  await createRawTable(db);
  const bare = Fastify();
  bare.post("/bare", async () => {
    await rawInsert(db, "http");
    return { ok: true };
  });
  const url = await bare.listen({ port: 0, host: "127.0.0.1" });
  return { url: `${url}/bare`, close: () => bare.close() };
}

/** A bare Fastify route doing one INSERT, against `POST /api/requests`, 16 HTTP clients each. */
export async function httpFigures(db: Kysely<unknown>, productUrl: string, token: string, count: number) {
  const bare = await startBareRoute(db);
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }).then(async (res) => {
      if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    });
  try {
    const bareRate = await steadyThroughput(count, HTTP_WARM_MS, () => post(bare.url, { n: 1 }));
    const product = await steadyThroughput(count, HTTP_WARM_MS, (i) =>
      post(`${productUrl}/api/requests`, { title: `Write path ${i}`, amount: 12.5 }, { authorization: `Bearer ${token}` }),
    );
    return { bareFastifyInsertPerSecond: bareRate, postRequestsPerSecond: product };
  } finally {
    await bare.close();
  }
}

/**
 * How long each side of the command cost runs untimed first. V8 goes on compiling a whole server's hot paths for
 * tens of seconds under load: after 8 s its compiler threads still took about 1 ms per command, after 40 s 0.3 ms,
 * which is a long-running server's steady state (garbage collection, mostly).
 */
const COST_WARM_SECONDS = Number(process.env.BENCH_COST_WARM_SECONDS ?? 30);

/**
 * The machine's CPU per `POST /api/requests` beside the bare route's per request, each from 16 clients in a closed
 * loop in a process of their own (`costPerCall`).
 */
export async function commandCostFigures(db: Kysely<unknown>, productUrl: string, token: string, backgroundThreadId: number | null, seconds: number) {
  const bare = await startBareRoute(db);
  const options = { seconds, warmSeconds: COST_WARM_SECONDS, backgroundThreadId };
  try {
    const bareCost = await costPerCall(db, { url: bare.url, headers: {}, body: { n: 1 }, concurrency: CLIENTS }, { ...options, countBackground: false });
    const product = await costPerCall(
      db,
      { url: `${productUrl}/api/requests`, headers: { authorization: `Bearer ${token}` }, body: { title: "Cost {i}", amount: 12.5 }, concurrency: CLIENTS },
      { ...options, countBackground: true },
    );
    return { bare: bareCost, product };
  } finally {
    await bare.close();
  }
}
