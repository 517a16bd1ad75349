import { readEnv } from "@procure/api";
import { EventStore } from "@procure/eventstore";
import { allProjections, ProjectionGroups, projectionGroups } from "@procure/projections";
import { connectDatabase } from "../runtime.ts";
import { snapshotReadModels } from "../testing/read-model-snapshot.ts";

/** Reads every read model as the live path left it, rebuilds all of them from the log as the product does, and reads them again. */
export async function liveAndRebuiltReadModels(env: Record<string, string>) {
  const connection = await connectDatabase(readEnv(env));
  try {
    const live = await snapshotReadModels(connection.db, allProjections);
    // Small batches, so the projections replay many of them side by side, readers a batch or more behind.
    await new ProjectionGroups(connection.db, new EventStore(connection.db), null, projectionGroups, { rebuildBatchSize: 25 }).rebuild();
    const rebuilt = await snapshotReadModels(connection.db, allProjections);
    return { live, rebuilt };
  } finally {
    await connection.close();
  }
}
