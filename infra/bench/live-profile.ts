/**
 * Where a live command's time goes at a steady rate: for each `POST /api/requests`, the time from its arrival to
 * its append, to each projection group's commit, to the invalidation published, and to the other client's
 * websocket. Also the process's CPU per command and how many batches each group applied. RATE and SECONDS set the
 * load (200/s for 10 s by default); SEED appends that many requests first; WATCH=0 skips timing the groups, whose
 * polling costs the server a share of its event loop. Run under `node --cpu-prof --import tsx`
 * for a profile.
 */
import { countStatements } from "./statement-counter.ts";
import { performance } from "node:perf_hooks";
import type { Invalidation, Position } from "@procure/contracts";
import { comparePositions } from "@procure/eventstore";
import { projectionGroups } from "@procure/projections";
import { startTestApp } from "../src/testing/test-app.ts";
import { createUsers } from "../src/testing/users.ts";
import { liveFigures } from "./live.ts";
import { seedRequests } from "./seed.ts";
import { percentiles } from "./stats.ts";

// Statements sent to Postgres while the load runs, by their first words.
const counter = countStatements(90);
const statements = counter.counts;

const rate = Number(process.env.RATE ?? 200);
const seconds = Number(process.env.SECONDS ?? 10);
// One thread by default, so that a profile and the group positions see every part; THREAD=1 runs the background
// thread as `npm start` does, and times each group as the API thread hears of its progress.
const inThread = process.env.THREAD === "1";
const t = await startTestApp("benchlive", { PG_POOL_SIZE: "20", LOG_LEVEL: "silent", RATE_LIMIT_PUBLIC: "1000000", BACKGROUND_THREAD: String(inThread) });
try {
  const users = await createUsers(t, ["requester", "approver"]);
  if (Number(process.env.SEED ?? 0) > 0) await seedRequests(t.runtime.store, users, Number(process.env.SEED));
  const progress = t.runtime.background ?? t.runtime.runner!;
  if (!(await progress.waitFor(await t.runtime.store.headPosition(), 60_000))) throw new Error("projections did not catch up");

  // Append and invalidation times, by position; a group's commit is seen through its runner's position.
  const appended: { at: number; position: Position }[] = [];
  const published: { at: number; position: Position }[] = [];
  const groupReached = new Map<string, { at: number; position: Position }[]>();
  t.runtime.store.onAppended((position) => appended.push({ at: performance.now(), position }));
  // The client only POSTs, so each append follows the last POST that arrived before it (exactly so while the rate
  // leaves gaps between commands; under load, a lower bound).
  const arrived: number[] = [];
  t.app.server.on("request", (request: { method?: string }) => {
    if (request.method === "POST") arrived.push(performance.now());
  });
  const bus = t.runtime.bus;
  const publish = bus.publishInvalidation.bind(bus);
  bus.publishInvalidation = (invalidation: Invalidation) => {
    published.push({ at: performance.now(), position: invalidation.position });
    publish(invalidation);
  };
  let watching = true;
  // Each group's position as the API thread knows it: the runner's own, or what the background thread reported.
  const groupPosition = (group: (typeof projectionGroups)[number]) =>
    t.runtime.background ? t.runtime.background.positionOf(group.projections.map((p) => p.name)) : t.runtime.runner!.runners.get(group.name)!.position;
  const watch = () => {
    for (const group of projectionGroups) {
      const seen: { at: number; position: Position }[] = [];
      groupReached.set(group.name, seen);
      void (async () => {
        let last = groupPosition(group);
        while (watching) {
          await new Promise((r) => setTimeout(r, 1));
          const now = groupPosition(group);
          if (comparePositions(now, last) > 0) seen.push({ at: performance.now(), position: (last = now) });
        }
      })();
    }
  };
  // Polling every millisecond costs the server's event loop a share of its own: WATCH=0 leaves it out.
  if (process.env.WATCH !== "0") watch();

  // A cold server compiles as it goes: WARMUP seconds of the same load first (10 by default), not timed.
  const warmup = Number(process.env.WARMUP ?? 10);
  if (warmup > 0) await liveFigures(t.url, { requester: users.requester.token, watcher: users.approver.token }, rate, warmup);
  for (const list of [appended, arrived, published, ...groupReached.values()]) list.length = 0;

  counter.start();
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const started = performance.now();
  const live = await liveFigures(t.url, { requester: users.requester.token, watcher: users.approver.token }, rate, seconds);
  const used = process.cpuUsage(cpu);
  const serverLoop = performance.eventLoopUtilization(loop);
  watching = false;
  counter.stop();
  const wall = performance.now() - started;

  // For each append, how long until each group (and the first invalidation) passed its position.
  const lag = (list: { at: number; position: Position }[]) =>
    percentiles(
      appended.flatMap(({ at, position }) => {
        const hit = list.find((x) => x.at >= at && comparePositions(x.position, position) >= 0);
        return hit ? [hit.at - at] : [];
      }),
    );
  console.log(`commands ${live.commands}, lost ${live.lost}; send → other client's websocket ${JSON.stringify(live.latencyMs)} ms`);
  const sinceArrival = appended.flatMap(({ at }) => {
    const arrival = arrived.findLast((a) => a <= at);
    return arrival === undefined ? [] : [at - arrival];
  });
  console.log(`POST arrived → appended: ${JSON.stringify(percentiles(sinceArrival))} ms`);
  for (const [name, seen] of groupReached) console.log(`append → group ${name} committed: ${JSON.stringify(lag(seen))} ms over ${seen.length} moves`);
  console.log(`append → invalidation published: ${JSON.stringify(lag(published))} ms over ${published.length} messages`);
  const perCommand = (n: number) => (n / live.commands).toFixed(2);
  console.log(`statements per command ${perCommand([...statements.values()].reduce((a, b) => a + b, 0))}:`);
  for (const [text, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${perCommand(n)} ${text}`);
  console.log(`server event loop busy ${Math.round(serverLoop.utilization * 100)}%`);
  console.log(
    `node cpu (server and client threads) per command ${((used.user + used.system) / 1000 / live.commands).toFixed(2)} ms; cpu ${Math.round(((used.user + used.system) / 1000 / wall) * 100)}% of one core, ${Math.round((used.system / (used.user + used.system)) * 100)}% of it in the kernel`,
  );
} finally {
  await t.stop();
}
