import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Kysely } from "kysely";
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import type { Position } from "@procure/contracts";
import { comparePositions, loadCheckpoint } from "@procure/eventstore";
import { NOTIFIER_CHECKPOINT } from "@procure/notifier";
import { costRun } from "./cost-run.ts";
import { orderedReadApart } from "./ordered-read.ts";
import { repoRoot } from "../src/testing/child-process.ts";
import { startTestApp, type TestApp } from "../src/testing/test-app.ts";
import { createUsers } from "../src/testing/users.ts";
import { liveFigures } from "./live.ts";
import { readFigures } from "./reads.ts";
import { seedRequests, seedRequestsApart } from "./seed.ts";
import { heapMiB, round, rssMiB } from "./stats.ts";
import { commandCostFigures, httpFigures, storeFigures } from "./write-path.ts";

/**
 * `npm run bench`: the product's figures beside their baselines, measured in one run on the services the
 * environment names (Postgres and NATS when DATABASE_URL / NATS_URL are set, the embedded defaults otherwise).
 * BENCH_REQUESTS sets the large workspace (100,000 requests by default). `npm run bench -- cost` measures only a
 * command's cost and the live figure (`cost-run.ts`).
 */
async function busSettled(t: TestApp, head: Position) {
  const relay = t.runtime.relay;
  while (relay && comparePositions(relay.publishedPosition, head) < 0) await new Promise((r) => setTimeout(r, 200));
  const background = t.runtime.background;
  while (background && (await background.health({ postgresOk: true, natsOk: true })).relay.behind !== 0) await new Promise((r) => setTimeout(r, 200));
  // The notifier's fan-out too: seeded requests are new to it, and it decides who hears of each.
  const notified = async () => (await loadCheckpoint(t.runtime.db, NOTIFIER_CHECKPOINT))?.position;
  for (let at = await notified(); !at || comparePositions(at, head) < 0; at = await notified()) await new Promise((r) => setTimeout(r, 200));
  const natsUrl = t.services.natsUrl;
  if (!natsUrl) return;
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = t.services.env.NATS_STREAM!;
    for (;;) {
      const consumers = await jsm.consumers.list(stream).next();
      if (consumers.every((c) => c.num_pending === 0 && c.num_ack_pending === 0)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await nc.close();
  }
}

if (process.argv[2] === "cost") {
  await costRun(Number(process.env.BENCH_COST_SECONDS ?? 8));
  process.exit(0);
}

const largeRequests = Number(process.env.BENCH_REQUESTS ?? 100_000);
/** Timed calls of each HTTP figure; the store's figures, each some milliseconds long, time five times as many. */
const writes = Number(process.env.BENCH_WRITES ?? 4_000);
/** Seconds each side of the command cost runs, untimed and then timed. */
const costSeconds = Number(process.env.BENCH_COST_SECONDS ?? 8);
// As the product starts: on Postgres and NATS, the relay, projections and webhooks in a thread of their own.
const t = await startTestApp("bench", { PG_POOL_SIZE: "20", LOG_LEVEL: "silent", RATE_LIMIT_PUBLIC: "1000000", BACKGROUND_THREAD: "true" });
const log = (line: string) => console.log(line);
try {
  const db = t.runtime.db as unknown as Kysely<unknown>;
  const projections = t.runtime.background ?? t.runtime.runner!;
  const users = await createUsers(t, ["requester", "approver"]);
  /**
   * The projections at the head, and the relay and every durable consumer done with the backlog too: a burst of
   * appends leaves the process publishing and acknowledging it for a while, which would weigh on what follows.
   */
  const caughtUp = async () => {
    const head = await t.runtime.store.headPosition();
    if (!(await projections.waitFor(head, 30 * 60_000))) throw new Error("projections did not catch up");
    await busSettled(t, head);
  };
  log(`Services: ${t.services.mode}; ${largeRequests.toLocaleString("en")} requests at the large size`);

  // The small workspace first: the write figures below add their own requests.
  const seedUsers = { requester: users.requester, approver: users.approver };
  await seedRequests(t.runtime.store, seedUsers, 1_000);
  await caughtUp();
  const [sample] = await t.runtime.db.selectFrom("rm_requests").select("id").limit(1).execute();
  const readsSmall = await readFigures(t.url, users.approver.token, sample!.id);
  log(`reads at 1k requests: ${JSON.stringify(readsSmall)}`);

  const store = await storeFigures(writes * 5);
  log(`append ${store.appendPerSecond}/s vs raw INSERT ${store.rawInsertPerSecond}/s`);
  const http = await httpFigures(db, t.url, users.requester.token, writes);
  log(`POST /api/requests ${http.postRequestsPerSecond}/s vs bare Fastify + INSERT ${http.bareFastifyInsertPerSecond}/s`);
  await caughtUp();
  const cost = await commandCostFigures(db, t.url, users.requester.token, t.runtime.background?.osThreadId ?? null, costSeconds);
  log(`CPU per call: POST /api/requests ${JSON.stringify(cost.product)}; bare route ${JSON.stringify(cost.bare)}`);
  await caughtUp();

  const seedStarted = performance.now();
  const seeded = await seedRequestsApart(t.runtime.store, t.services.databaseUrl, seedUsers, largeRequests - 1_000, 1_000);
  log(`seeded ${seeded} events in ${round((performance.now() - seedStarted) / 1000, 1)} s`);
  await caughtUp();
  const rssBeforeRebuild = rssMiB();
  log(`RSS after seeding and catching up: ${rssBeforeRebuild} MiB (heap ${heapMiB()} MiB)`);

  const total = Number((await t.runtime.store.countEvents()).toString());
  const baselineRead = await orderedReadApart(t.runtime.store, t.services.databaseUrl);
  if (baselineRead.events !== total) throw new Error(`the ordered read found ${baselineRead.events} of ${total} events`);
  const orderedRead = round(total / (baselineRead.ms / 1000), 0);
  const rebuildStarted = performance.now();
  await projections.rebuild();
  const rebuild = round(total / ((performance.now() - rebuildStarted) / 1000), 0);
  const rssAfterRebuild = rssMiB();
  log(`rebuild ${rebuild} events/s vs ordered read ${orderedRead} events/s over ${total} events`);
  log(`RSS after the rebuild: ${rssAfterRebuild} MiB (heap ${heapMiB()} MiB)`);
  const readsLarge = await readFigures(t.url, users.approver.token, sample!.id);
  log(`reads at ${largeRequests} requests: ${JSON.stringify(readsLarge)}`);

  const live = await liveFigures(t.url, { requester: users.requester.token, watcher: users.approver.token }, 200, 10, 3);
  const rssAfterLive = rssMiB();
  log(`live at 200 commands/s: ${JSON.stringify(live.latencyMs)} ms, lost ${live.lost}`);

  const ratio = (a: number, b: number) => round(a / b);
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? "unknown", memoryGiB: round(totalmem() / 2 ** 30, 0), node: process.version },
    services: t.services.mode,
    largeRequests,
    events: total,
    figures: {
      appendVsRawInsert: {
        product: store.appendPerSecond,
        baseline: store.rawInsertPerSecond,
        ratio: ratio(store.appendPerSecond, store.rawInsertPerSecond),
        goal: ">= 0.7",
      },
      postRequestsVsBareFastify: {
        product: http.postRequestsPerSecond,
        baseline: http.bareFastifyInsertPerSecond,
        ratio: ratio(http.postRequestsPerSecond, http.bareFastifyInsertPerSecond),
        goal: ">= 0.5",
      },
      commandCpuVsBareRoute: {
        product: cost.product,
        baseline: cost.bare,
        ratio: ratio(cost.product.cpuMs.total, cost.bare.cpuMs.total),
        goal: "<= 2 (CPU per call, all of the machine's but the clients')",
      },
      rebuildVsOrderedRead: { product: rebuild, baseline: orderedRead, ratio: ratio(rebuild, orderedRead), goal: ">= 0.2 and >= 20,000 events/s" },
      liveInvalidation: { ...live, goal: "p50 < 10 ms, p99 < 50 ms, none lost" },
      reads: Object.fromEntries(
        Object.keys(readsSmall).map((name) => [
          name,
          { small: readsSmall[name], large: readsLarge[name], ratioP50: ratio(readsLarge[name]!.p50, readsSmall[name]!.p50), goal: "< 1.5" },
        ]),
      ),
      rssMiB: { beforeRebuild: rssBeforeRebuild, afterRebuild: rssAfterRebuild, afterLive: rssAfterLive, goal: "< 400" },
    },
  };
  const dir = join(repoRoot, "infra/bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "latest.json");
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...previous, [t.services.mode]: result }, null, 2) + "\n");
  log(JSON.stringify(result.figures, null, 2));
} finally {
  await t.stop();
}
