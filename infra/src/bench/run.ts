import { performance } from "node:perf_hooks";
import { createUsers } from "../testing/users.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * Figures as ratios measured in one run, on whatever services the environment names (embedded by default):
 * - the dashboard and inbox read cost at 10x the requests, against 1x: precomputed rows keep it near 1;
 * - command throughput with 8 clients against 1: how well appends overlap;
 * - heap growth per 1,000 commands.
 */
async function timeIt(times: number, fn: () => Promise<unknown>) {
  const started = performance.now();
  for (let i = 0; i < times; i++) await fn();
  return (performance.now() - started) / times;
}

async function createMany(t: TestApp, token: string, n: number, concurrency: number) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        await t.call("POST", "/api/requests", { token, body: { title: `Bench ${next}`, amount: next % 500 } });
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

const t = await startTestApp("bench");
try {
  const users = await createUsers(t, ["requester", "approver"]);
  const read = (path: string) => () => t.call("GET", path, { token: users.approver.token });

  const serial = await createMany(t, users.requester.token, 200, 1);
  const dashboardSmall = await timeIt(50, read("/api/dashboard"));
  const inboxSmall = await timeIt(50, read("/api/inbox"));

  const heapBefore = process.memoryUsage().heapUsed;
  const parallel = await createMany(t, users.requester.token, 1_800, 8);
  const heapAfter = process.memoryUsage().heapUsed;
  const dashboardLarge = await timeIt(50, read("/api/dashboard"));
  const inboxLarge = await timeIt(50, read("/api/inbox"));

  const rows = [
    ["dashboard read, 2,000 vs 200 requests", dashboardLarge / dashboardSmall],
    ["inbox read, 2,000 vs 200 requests", inboxLarge / inboxSmall],
    ["commands/s, 8 clients vs 1", parallel / serial],
  ] as const;
  console.log(`Services: ${t.services.mode}`);
  for (const [label, ratio] of rows) console.log(`${label.padEnd(44)} ${ratio.toFixed(2)}x`);
  console.log(`${"heap growth per 1,000 commands".padEnd(44)} ${((heapAfter - heapBefore) / 1.8 / 1024 / 1024).toFixed(1)} MiB`);
  console.log(`(absolute: dashboard ${dashboardSmall.toFixed(1)} → ${dashboardLarge.toFixed(1)} ms, ${serial.toFixed(0)} → ${parallel.toFixed(0)} commands/s)`);
} finally {
  await t.stop();
}
