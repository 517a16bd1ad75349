import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { loadCheckpoints, logBehind, ORIGIN } from "@procure/eventstore";
import { allProjections } from "../all-projections.ts";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { checkpointName } from "./batch-applier.ts";
import { loadStalls, type Stall } from "./stalls.ts";

const at = (position: Position | null) => (position ? `${position.tx}/${position.pos}` : "unknown");

/** One line per projection (its version, where its checkpoint stands, events logged after it), then the stalled ones. */
export async function projectionStatus(db: Kysely<Database>, projections: readonly Projection[] = allProjections): Promise<string> {
  const checkpoints = new Map((await loadCheckpoints(db)).map((c) => [c.name, c]));
  const stalls = await loadStalls(db);
  const width = Math.max(...projections.map((p) => p.name.length), "projection".length);
  const lines = [`${"projection".padEnd(width)}  version  checkpoint         events after it`];
  for (const projection of projections) {
    const checkpoint = checkpoints.get(checkpointName(projection));
    const position = checkpoint?.position ?? ORIGIN;
    const version = checkpoint && checkpoint.version !== projection.version ? `${checkpoint.version}→${projection.version}` : String(projection.version);
    const behind = (await logBehind(db, position)).events;
    const stalled = stalls.some((s) => s.projection === projection.name) ? "  stalled" : "";
    lines.push(`${projection.name.padEnd(width)}  ${version.padEnd(7)}  ${at(position).padEnd(17)}  ${behind}${stalled}`);
  }
  lines.push("", stalls.length === 0 ? "No projection is stalled." : "Stalled (set apart, retried with a backoff):", ...stalls.map(describeStall));
  return lines.join("\n");
}

const describeStall = (stall: Stall) =>
  `  ${stall.projection}: fails on ${stall.eventType ?? "an event not yet found"} at ${at(stall.position)} with ${stall.errorClass}, ` +
  `${stall.failures} attempt${stall.failures === 1 ? "" : "s"} since ${stall.since}: ${stall.error}`;
