import { readEnv } from "@procure/api/setup";
import { EventStore } from "@procure/eventstore";
import { allProjections, ProjectionGroups, projectionGroups } from "@procure/projections";
import { connectDatabase } from "./runtime.ts";

/** `npm run rebuild -- [projection]`: replays one projection, or all, from the event log. */
const name = process.argv[2] && process.argv[2] !== "all" ? process.argv[2] : undefined;
if (name && !allProjections.some((p) => p.name === name)) {
  console.error(`Unknown projection "${name}". Known: ${allProjections.map((p) => p.name).join(", ")}`);
  process.exit(2);
}
const connection = await connectDatabase(readEnv());
try {
  const started = Date.now();
  await new ProjectionGroups(connection.db, new EventStore(connection.db), null, projectionGroups).rebuild(name);
  console.log(`Rebuilt ${name ?? "all projections"} in ${Date.now() - started} ms.`);
} finally {
  await connection.close();
}
