import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../src/testing/child-process.ts";
import { drills } from "./drills.ts";

/**
 * `npm run drill [-- name-filter]`: fault drills against real Postgres and NATS on loopback. Each prints what it
 * did and what it checked; the results also go to infra/drills/results/latest.json, where a filtered run replaces
 * only its own drills' entries.
 */
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
delete process.env.NATS_URL;
const filter = process.argv[2]?.toLowerCase();
const chosen = drills.filter((d) => !filter || d.name.toLowerCase().includes(filter));
type Result = { name: string; at?: string; ok: boolean; seconds: number; did: string[]; checked: string[]; failed?: string[]; error?: string };
const results: Result[] = [];

for (const drill of chosen) {
  const started = Date.now();
  console.log(`\n== ${drill.name}`);
  try {
    const report = await drill.run();
    for (const line of report.did) console.log(`   did: ${line}`);
    for (const line of report.checked) console.log(`   ok:  ${line}`);
    for (const line of report.failed ?? []) console.log(`   FAILED: ${line}`);
    results.push({ name: drill.name, at: new Date().toISOString(), ok: !report.failed?.length, seconds: Math.round((Date.now() - started) / 1000), ...report });
  } catch (error) {
    console.log(`   FAILED: ${String(error)}`);
    results.push({
      name: drill.name,
      at: new Date().toISOString(),
      ok: false,
      seconds: Math.round((Date.now() - started) / 1000),
      did: [],
      checked: [],
      error: String(error),
    });
  }
}

const dir = join(repoRoot, "infra/drills/results");
mkdirSync(dir, { recursive: true });
const file = join(dir, "latest.json");
const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { at: string; results: Result[] }) : null;
const ran = new Set(results.map((r) => r.name));
const kept = (earlier?.results ?? []).filter((r) => !ran.has(r.name)).map((r) => ({ at: earlier!.at, ...r }));
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), results: [...kept, ...results] }, null, 2) + "\n");
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} of ${results.length} drills green.`);
process.exit(failed ? 1 : 0);
