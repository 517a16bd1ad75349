import { readEnv } from "@procure/api";
import { comparePositions, EventStore, loadCheckpoints } from "@procure/eventstore";
import { allProjections } from "@procure/projections";
import { connectDatabase } from "../src/runtime.ts";
import { CheckFailed } from "./checks.ts";

/**
 * Once commands stop, every projection's stored checkpoint reaches the head of the log within `withinMs`: what
 * health and a restarting process read is where the live runner is, also for groups that had nothing to apply
 * since a rebuild moved their checkpoints.
 */
export async function checkpointsReachTheHead(env: Record<string, string>, withinMs: number): Promise<string[]> {
  const connection = await connectDatabase(readEnv(env));
  try {
    const head = await new EventStore(connection.db).headPosition();
    const names = new Set(allProjections.map((p) => `projection:${p.name}`));
    const started = Date.now();
    let behind: string[] = [];
    do {
      behind = (await loadCheckpoints(connection.db)).filter((c) => names.has(c.name) && comparePositions(c.position, head) < 0).map((c) => c.name);
      if (behind.length === 0) return [`every projection's checkpoint at the head ${Date.now() - started} ms after the last command`];
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (Date.now() - started < withinMs);
    throw new CheckFailed(`checkpoints still behind the head ${withinMs} ms after the last command: ${behind.join(", ")}`);
  } finally {
    await connection.close();
  }
}
