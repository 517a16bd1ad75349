import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Position } from "@procure/contracts";
import { comparePositions, loadCheckpoints, ORIGIN, type EventStore } from "@procure/eventstore";
import type { Database, Projection, ProjectionGroups } from "@procure/projections";
import type { ProjectionProgress } from "@procure/api";

/** Projection progress read from the checkpoints table, for an API process whose projector runs elsewhere. */
export class CheckpointProgress implements ProjectionProgress {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
  ) {}

  async projected(names?: readonly string[]): Promise<Position> {
    const checkpoints = await loadCheckpoints(this.db);
    let min: Position | null = null;
    for (const projection of this.projections.filter((p) => !names || names.includes(p.name))) {
      const found = checkpoints.find((c) => c.name === `projection:${projection.name}`)?.position ?? ORIGIN;
      if (!min || comparePositions(found, min) < 0) min = found;
    }
    return min ?? ORIGIN;
  }

  async waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    requireKnown(this.projections, names);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (comparePositions(await this.projected(names), position) >= 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async lag() {
    return lagBetween(this.db, await this.store.headPosition(), await this.projected());
  }
}

export class RunnerProgress implements ProjectionProgress {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly runner: ProjectionGroups,
  ) {}

  waitFor(position: Position, timeoutMs: number, names?: readonly string[]) {
    requireKnown(this.runner.projections, names);
    return this.runner.waitFor(position, timeoutMs, names);
  }

  async lag() {
    return lagBetween(this.db, await this.store.headPosition(), this.runner.position);
  }
}

/** A command that names a read model nobody runs would wait for nothing: a misspelt name fails every call at once. */
function requireKnown(projections: readonly Projection[], names: readonly string[] | undefined) {
  const unknown = names?.filter((name) => !projections.some((p) => p.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`No projection is named ${unknown.join(", ")}`);
}

async function lagBetween(db: Kysely<Database>, head: Position, projected: Position) {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from (select 1 from events
    where (transaction_id, global_position) > (${projected.tx}::xid8, ${projected.pos}::bigint) limit 100000) behind`.execute(db);
  return { head, projected, behind: Number(rows[0]?.n ?? 0) };
}
