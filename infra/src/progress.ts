import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { comparePositions, eventsBetween, loadCheckpoints, logBehind, ORIGIN, type EventStore } from "@procure/eventstore";
import { ProjectionPositions, requireKnown } from "./projection-positions.ts";
import { checkpointName, type Database, type Projection, type ProjectionGroups } from "@procure/projections";
import type { ProjectionProgress } from "@procure/api/setup";

const POLL_MS = 10;
/** A projection further behind than this many events of its kinds waits for its checkpoint: it is not idle. */
const IDLE_SCAN_LIMIT = 500;

/**
 * Projection progress read from the checkpoints table, for an API process whose projector runs elsewhere. One
 * read serves every command waiting at the time, so the polling costs the same at one command or a thousand.
 */
export class CheckpointProgress implements ProjectionProgress {
  private readonly positions: ProjectionPositions;
  private polling = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
  ) {
    this.positions = new ProjectionPositions(projections);
  }

  waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    const reached = this.positions.waitFor(position, timeoutMs, names, true);
    void this.poll();
    return reached;
  }

  async lag() {
    await this.refresh();
    return lagBetween(this.db, await this.store.headPosition(), this.positions.lowest());
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.positions.waiting) {
        // A failed read leaves the waiters to their deadlines: the answer then says the read model is behind.
        await this.refresh().catch(() => {});
        if (this.positions.waiting) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      this.polling = false;
    }
  }

  private async refresh() {
    const checkpoints = new Map((await loadCheckpoints(this.db)).map((c) => [c.name, c.position]));
    // Every projection, those without a checkpoint (reset for a rebuild) at the start of the log.
    const reported = new Map(this.projections.map((p) => [p.name, checkpoints.get(checkpointName(p)) ?? ORIGIN]));
    const awaited = this.positions.furthestAwaited();
    if (awaited) for (const name of await idleUpTo(this.db, this.projections, reported, awaited)) reported.set(name, awaited);
    this.positions.update(reported);
  }
}

/**
 * The projections behind `to` with nothing to apply up to it: no event of a kind they handle lies between their
 * checkpoint and `to`, and none can still be added there. Their tables already stand as they will at `to`. A group
 * busy with other projections' events moves such checkpoints only every 100 ms (see the runner's put-off moves), and
 * a command answered from their tables would wait for that.
 */
async function idleUpTo(db: Kysely<Database>, projections: readonly Projection[], at: ReadonlyMap<string, Position>, to: Position): Promise<string[]> {
  const behind = projections.filter((p) => comparePositions(at.get(p.name)!, to) < 0);
  if (behind.length === 0) return [];
  const from = behind.map((p) => at.get(p.name)!).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
  const types = [...new Set(behind.flatMap((p) => p.handles))];
  const events = await eventsBetween(db, from, to, types, IDLE_SCAN_LIMIT).catch(() => null);
  if (!events) return [];
  return behind
    .filter((p) => {
      const handled = new Set<string>(p.handles);
      return !events.some((event) => handled.has(event.type) && comparePositions(event.position, at.get(p.name)!) > 0);
    })
    .map((p) => p.name);
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

  async applyTimes() {
    return this.runner.applyTimes.snapshot();
  }
}

export async function lagBetween(db: Kysely<Database>, head: Position, projected: Position) {
  const behind = await logBehind(db, projected);
  return { head, projected, behind: behind.events, behindSeconds: behind.seconds };
}
