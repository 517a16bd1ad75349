import { readEnv } from "@procure/api";
import { EventStore } from "@procure/eventstore";
import { allProjections, ProjectionRunner } from "@procure/projections";
import { connectDatabase } from "../runtime.ts";
import { snapshotReadModels } from "../testing/read-model-snapshot.ts";

/** Reads every read model as the live path left it, rebuilds all of them from the log, and reads them again. */
export async function liveAndRebuiltReadModels(env: Record<string, string>) {
  const connection = await connectDatabase(readEnv(env));
  try {
    const live = await snapshotReadModels(connection.db, allProjections);
    const runner = new ProjectionRunner(connection.db, new EventStore(connection.db), null, allProjections);
    await runner.rebuild();
    const rebuilt = await snapshotReadModels(connection.db, allProjections);
    return { live, rebuilt };
  } finally {
    await connection.close();
  }
}
