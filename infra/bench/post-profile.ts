/**
 * What one `POST /api/requests` costs the server at 16 concurrent clients (CLIENTS=64 for more): the statements it
 * sends to Postgres, per command, and the process's CPU per command. Run under `node --cpu-prof --import tsx` for a
 * profile.
 */
import { countStatements } from "./statement-counter.ts";
import { performance } from "node:perf_hooks";
const counter = countStatements(100);
const counts = counter.counts;
import { startTestApp } from "../src/testing/test-app.ts";
import { createUsers } from "../src/testing/users.ts";
import { throughput } from "./stats.ts";
import { natsCpuMs, postgresCpuMs, threadCpuMs } from "./process-cpu.ts";
const t = await startTestApp("benchpost", {
  PG_POOL_SIZE: "20",
  LOG_LEVEL: "silent",
  RATE_LIMIT_PUBLIC: "1000000",
  BACKGROUND_THREAD: process.env.BACKGROUND_THREAD ?? "true",
});
try {
  const users = await createUsers(t, ["requester", "approver"]);
  const n = Number(process.env.N ?? 2000);
  const post = (i: number) =>
    fetch(`${t.url}/api/requests`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${users.requester.token}` },
      body: JSON.stringify({ title: `P ${i}`, amount: 12.5 }),
    }).then(async (res) => {
      if (res.status >= 300) throw new Error(String(res.status));
      await res.arrayBuffer();
    });
  await throughput(200, 16, post);
  counter.start();
  const cpu = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  const natsBefore = natsCpuMs();
  const threadsBefore = threadCpuMs();
  const s = performance.now();
  const rate = await throughput(n, Number(process.env.CLIENTS ?? 16), post);
  const u = process.cpuUsage(cpu);
  const postgresUsed = postgresCpuMs() - postgresBefore;
  const natsUsed = natsCpuMs() - natsBefore;
  for (const [thread, ms] of threadCpuMs()) {
    const used = ms - (threadsBefore.get(thread) ?? 0);
    if (used > 0) console.log(`thread ${thread}: ${(used / n).toFixed(3)} ms of CPU per command`);
  }
  counter.stop();
  console.log(
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([k, v]) => `${(v / n).toFixed(2)} ${k}`)
      .join("\n"),
  );
  console.log(
    `POST ${rate}/s; node cpu per command ${((u.user + u.system) / 1000 / n).toFixed(2)} ms; postgres cpu per command ${(postgresUsed / n).toFixed(2)} ms; nats ${(natsUsed / n).toFixed(2)} ms; wall ${Math.round(performance.now() - s)} ms`,
  );
} finally {
  await t.stop();
}
