/**
 * Where a rebuild's time goes, on a database of its own: `FRESH=1 REQUESTS=25000` seeds one, then every run
 * rebuilds all projections as the product does, every group at once (or `ONLY=<name>`), beside an ordered read of the same log, with wall and CPU time of
 * Node and of the Postgres backends; `TIMING=1` adds the time of each projection, `SQLTIMING=1` of each statement.
 * `PG_SERVER` names the server (default: local), `DB_NAME` the database; `RB_CONN` and `RB_BATCH` the replay's connections and batch size.
 */
import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { createDatabase, EventStore, eventStoreMigrations, migrateToLatest, ORIGIN, positionOf } from "@procure/eventstore";
import { allProjections, ProjectionGroups, projectionGroups, ProjectionRunner, readModelMigrations, type Database } from "@procure/projections";
import { authMigrations } from "@procure/api";
import { webhookMigrations } from "@procure/webhooks";
import { sql, type Kysely } from "kysely";
import { seedRequests } from "./seed.ts";

const server = process.env.PG_SERVER ?? "postgres://postgres@127.0.0.1:5432/postgres";
const sqlTimes = new Map<string, [number, number]>();
const name = process.env.DB_NAME ?? "procure_rebuild_profile";
const requests = Number(process.env.REQUESTS ?? 25_000);
if (process.env.FRESH) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}
if (process.env.SQLTIMING) {
  const orig = pg.Client.prototype.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
    const text = typeof args[0] === "string" ? args[0] : args[0]?.text;
    const t0 = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = (orig as any).apply(this, args);
    if (r && typeof r.then === "function")
      r.then(
        () => {
          const k = String(text).replace(/\s+/g, " ").slice(0, 90);
          const e = sqlTimes.get(k) ?? [0, 0];
          e[0] += performance.now() - t0;
          e[1]++;
          sqlTimes.set(k, e);
        },
        () => {},
      );
    return r;
  };
}
const url = server.replace(/\/[^/]*$/, `/${name}`);
const c = createDatabase<Database>({ kind: "postgres", url, poolSize: 20 });
await migrateToLatest(c.db as Kysely<unknown>, [eventStoreMigrations, readModelMigrations, authMigrations, webhookMigrations]);
const store = new EventStore(c.db);
if (process.env.FRESH) {
  const users = { requester: { id: randomUUID(), email: "r@example.com" }, approver: { id: randomUUID(), email: "a@example.com" } };
  const s = performance.now();
  const n = await seedRequests(store, users, requests);
  console.log(`seeded ${n} events in ${Math.round(performance.now() - s)} ms`);
}
const total = await store.countEvents();
const { readFileSync } = await import("node:fs");
const pgCpu = async () => {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(c.db);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // A connection that closed meanwhile has no CPU left to count.
    }
  }
  return ticks / 100;
};
const cpuStart = async () => ({ pg: await pgCpu(), node: process.cpuUsage(), wall: performance.now() });
const cpuEnd = async (label: string, from: Awaited<ReturnType<typeof cpuStart>>) => {
  const u = process.cpuUsage(from.node);
  console.log(
    `${label}: wall ${((performance.now() - from.wall) / 1000).toFixed(2)} s, node cpu ${((u.user + u.system) / 1e6).toFixed(2)} s, pg cpu ${((await pgCpu()) - from.pg).toFixed(2)} s`,
  );
};
// Connections opened up front so their CPU is counted from the start.
await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`.execute(c.db)));
const readCpu = await cpuStart();
let s = performance.now();
let at = ORIGIN;
for (;;) {
  const batch = await store.readAll(at, 5_000);
  if (batch.length === 0) break;
  at = positionOf(batch.at(-1)!);
}
const read = total / ((performance.now() - s) / 1000);
await cpuEnd("ordered read", readCpu);
const rebuildCpu = await cpuStart();
s = performance.now();
const timing = new Map<string, number>();
const timed = allProjections.map((p) => ({
  ...p,
  apply: async (db: Parameters<typeof p.apply>[0], ev: Parameters<typeof p.apply>[1]) => {
    const t0 = performance.now();
    try {
      return await p.apply(db, ev);
    } finally {
      timing.set(p.name, (timing.get(p.name) ?? 0) + performance.now() - t0);
    }
  },
}));
const origRead = store.readAll.bind(store);
store.readAll = async (...a) => {
  const t0 = performance.now();
  try {
    return await origRead(...a);
  } finally {
    timing.set("readAll", (timing.get("readAll") ?? 0) + performance.now() - t0);
  }
};
// As the product rebuilds: every group at once, sharing the log's reads (`ONE_RUNNER=1`: all in one runner).
if (process.env.ONE_RUNNER) await new ProjectionRunner(c.db, store, null, process.env.TIMING ? timed : allProjections).rebuild(process.env.ONLY);
else {
  const byName = new Map(timed.map((p) => [p.name, p]));
  const groups = projectionGroups.map((g) => ({ name: g.name, projections: g.projections.map((p) => (process.env.TIMING ? byName.get(p.name)! : p)) }));
  await new ProjectionGroups(c.db, store, null, groups, {
    replayConnections: Number(process.env.RB_CONN ?? 3),
    rebuildBatchSize: Number(process.env.RB_BATCH ?? 5000),
  }).rebuild(process.env.ONLY);
}
if (process.env.TIMING)
  console.log(
    [...timing]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join("\n"),
  );
const rebuild = total / ((performance.now() - s) / 1000);
await cpuEnd("rebuild", rebuildCpu);
console.log(`RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB`);
console.log(`rebuild ${Math.round(rebuild)} events/s vs ordered read ${Math.round(read)} events/s over ${total} events (${(rebuild / read).toFixed(2)})`);
if (process.env.SQLTIMING)
  console.log(
    [...sqlTimes]
      .sort((a, b) => b[1][0] - a[1][0])
      .slice(0, 25)
      .map(([k, v]) => `${Math.round(v[0])}ms ${v[1]}x ${k}`)
      .join("\n"),
  );
await c.close();
