import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { demoSeedEnabled, readEnv } from "@procure/api/setup";
import type { Database } from "@procure/projections";
import { roles, startRuntime, type ProcessRole } from "./runtime.ts";
import { seedDemoWorkspace, workspaceIsEmpty } from "./seed/demo-seed.ts";
import { summarizedLevels, summarizeTraffic } from "./traffic-summary.ts";

function parseOnly(argv: string[]): ProcessRole[] {
  const i = argv.indexOf("--only");
  if (i === -1) return [...roles];
  const wanted = (argv[i + 1] ?? "").split(",").filter(Boolean);
  const unknown = wanted.filter((w) => !roles.includes(w as ProcessRole));
  if (wanted.length === 0 || unknown.length > 0) throw new Error(`--only takes a comma list of ${roles.join(", ")}`);
  return wanted as ProcessRole[];
}

const demoInProductionWarning = [
  "",
  "!".repeat(78),
  "!! WARNING: DEMO_SEED=true in production. An empty workspace is filled with sample accounts whose",
  "!! password is published on the landing page. Unset DEMO_SEED unless this is a public demo.",
  "!".repeat(78),
  "",
].join("\n");

const env = readEnv();
const only = parseOnly(process.argv.slice(2));
const demo = { accounts: null as string | null };

/** Before the server listens, so the sample accounts sign in the moment it says it is running. */
async function seedDemo(app: FastifyInstance, db: Kysely<Database>) {
  if (env.NODE_ENV === "production") console.error(demoInProductionWarning);
  if (!(await workspaceIsEmpty(db))) return;
  console.log("Filling the empty workspace with demo data…");
  demo.accounts = await seedDemoWorkspace(app, db);
}

const runtime = await startRuntime(env, only, undefined, demoSeedEnabled(env) ? { beforeListen: seedDemo } : {});
console.log(
  `Procure is running${runtime.url ? ` at ${runtime.url}` : ""} (${only.join(", ")}; ` +
    `${env.DATABASE_URL ? "Postgres" : `embedded Postgres in ${env.DATA_DIR}`}, ${env.NATS_URL ? "NATS JetStream" : "in-process bus"}` +
    `${runtime.background ? "; relay, projector, webhooks and notifier in a thread of their own" : ""})`,
);
// Said once at start, where a newcomer reads, rather than as a warning: files are the embedded default, not a fault.
if (only.includes("notifier") && !env.SMTP_URL)
  console.log(`Mail is written as .eml files under ${join(resolve(env.DATA_DIR), "mail")} (set SMTP_URL to send it).`);
if (demo.accounts) console.log(demo.accounts);
// Where request lines are hidden, a line a period tells that the server is being used and how it fares.
if (runtime.app && summarizedLevels.includes(runtime.app.log.level)) {
  summarizeTraffic(runtime.app.server, env.LOG_SUMMARY_MS, (line) => console.log(line));
}

// The first signal drains (up to SHUTDOWN_GRACE_MS) and stops; a second one, as from an impatient Ctrl-C, exits now.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
