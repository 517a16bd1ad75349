import type { Kysely } from "kysely";
import { startTestApp } from "../src/testing/test-app.ts";
import { createUsers } from "../src/testing/users.ts";
import { liveFigures } from "./live.ts";
import { round } from "./stats.ts";
import { commandCostFigures } from "./write-path.ts";

/**
 * `npm run bench -- cost`: only the command's cost beside the bare route's, and the live figure, on a small
 * workspace. A few minutes where the whole bench takes many: for trying a change to the command path.
 */
export async function costRun(costSeconds: number) {
  const t = await startTestApp("benchcost", { PG_POOL_SIZE: "20", LOG_LEVEL: "silent", RATE_LIMIT_PUBLIC: "1000000", BACKGROUND_THREAD: "true" });
  try {
    const db = t.runtime.db as unknown as Kysely<unknown>;
    const users = await createUsers(t, ["requester", "approver"]);
    const cost = await commandCostFigures(db, t.url, users.requester.token, t.runtime.background?.osThreadId ?? null, costSeconds);
    console.log(`CPU per call, bare route: ${JSON.stringify(cost.bare, null, 1)}`);
    console.log(`CPU per call, POST /api/requests: ${JSON.stringify(cost.product, null, 1)}`);
    console.log(`ratio ${round(cost.product.cpuMs.total / cost.bare.cpuMs.total)}`);
    // Below the goal's rate too, to tell the path's own delays from queueing for the cores.
    for (const rate of [50, 200]) {
      const live = await liveFigures(t.url, { requester: users.requester.token, watcher: users.approver.token }, rate, 10, 3);
      console.log(`live at ${rate} commands/s: ${JSON.stringify(live.latencyMs)} ms, lost ${live.lost}`);
    }
  } finally {
    await t.stop();
  }
}
