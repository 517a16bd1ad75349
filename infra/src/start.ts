import { readEnv } from "@procure/api";
import { roles, startRuntime, type ProcessRole } from "./runtime.ts";
import { seedDemoWorkspace } from "./seed/demo-seed.ts";

function parseOnly(argv: string[]): ProcessRole[] {
  const i = argv.indexOf("--only");
  if (i === -1) return [...roles];
  const wanted = (argv[i + 1] ?? "").split(",").filter(Boolean);
  const unknown = wanted.filter((w) => !roles.includes(w as ProcessRole));
  if (wanted.length === 0 || unknown.length > 0) throw new Error(`--only takes a comma list of ${roles.join(", ")}`);
  return wanted as ProcessRole[];
}

const env = readEnv();
const only = parseOnly(process.argv.slice(2));
const log = (message: string, extra?: Record<string, unknown>) => console.error(JSON.stringify({ level: "warn", msg: message, ...extra }));
const runtime = await startRuntime(env, only, log);

if (runtime.app && env.DEMO_SEED !== false) {
  const seeded = await seedDemoWorkspace(runtime.app, runtime.db);
  if (seeded) console.log(seeded);
}
console.log(
  `Procure is running${runtime.url ? ` at ${runtime.url}` : ""} (${only.join(", ")}; ` +
    `${env.DATABASE_URL ? "Postgres" : `embedded Postgres in ${env.DATA_DIR}`}, ${env.NATS_URL ? "NATS JetStream" : "in-process bus"})`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void runtime.stop().then(() => process.exit(0), () => process.exit(1));
  });
}
