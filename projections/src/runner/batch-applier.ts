import type { Kysely } from "kysely";
import type { EventType, Position, StoredEvent } from "@procure/contracts";
import {
  claimCheckpoints,
  comparePositions,
  lockCheckpoints,
  type IdleCheckpointMoves,
  ORIGIN,
  positionOf,
  quietTransactions,
  saveCheckpoints,
  type QuietTransaction,
} from "@procure/eventstore";
import type { ApplyContext, Projection, Touch } from "../projection.ts";
import type { Database } from "../tables.ts";
import type { ApplyTimes } from "./apply-times.ts";
import type { DatabaseTraits } from "./database-traits.ts";
import type { ProgressTracker } from "./progress-tracker.ts";
import { WriteBatch } from "./write-batch.ts";

/** The checkpoint a projection keeps its position under. */
export const checkpointName = (p: Projection) => `projection:${p.name}`;

/** The event types a projection handles, as a set made once per projection rather than once per batch. */
const handledSets = new WeakMap<Projection, ReadonlySet<EventType>>();
export function handledBy(projection: Projection): ReadonlySet<EventType> {
  let handled = handledSets.get(projection);
  if (!handled) handledSets.set(projection, (handled = new Set(projection.handles)));
  return handled;
}

/**
 * Applies one batch of the log to projections, together with their checkpoints, in one transaction, and tells the
 * progress tracker where they got. Anything at or below a projection's checkpoint is skipped: at-least-once
 * delivery, exactly-once effect. A batch writes read models and checkpoints only, so readers of the log need not
 * wait for its transaction (it is quiet, see `quietTransactions`).
 */
export class BatchApplier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly traits: DatabaseTraits,
    private readonly progress: ProgressTracker,
    /** The checkpoint moves the runner put off, over all of its projections. */
    private readonly idle: { moves: IdleCheckpointMoves; of: readonly Projection[] },
    private readonly times: ApplyTimes,
  ) {}

  /** Applies the batch after `from` ending at `last`; answers what it touched. */
  async apply(projections: readonly Projection[], events: readonly StoredEvent[], from: Position, last: Position, context: ApplyContext): Promise<Touch[]> {
    const applied = (await this.applyClaimed(projections, events, from, last, context)) ?? (await this.applyLocked(projections, events, last, context));
    this.progress.settle(applied.positions, { passed: applied.passed, last });
    return applied.touches;
  }

  /**
   * The common case: every projection is where this runner left it, so the batch's checkpoints are locked and moved
   * in one statement and the batch applied after it, in one transaction. Only the projections with events in the
   * batch move their checkpoints; the others move in memory, and their checkpoints stay behind (nothing they handle
   * lies between) until a batch carries them once they are due (see IdleCheckpointMoves). Answers null, having
   * changed nothing, when some checkpoint was elsewhere.
   */
  private async applyClaimed(
    projections: readonly Projection[],
    events: readonly StoredEvent[],
    from: Position,
    last: Position,
    context: ApplyContext,
  ): Promise<Applied | null> {
    if (projections.some((p) => comparePositions(this.progress.at(p.name), from) !== 0)) return null;
    const work = projections.map((projection) => {
      const handled = handledBy(projection);
      return { projection, mine: events.filter((event) => handled.has(event.type)) };
    });
    // Only a batch for all of the runner's projections carries their put-off moves (a replay applies one at a time).
    const carry = this.idle.moves.due && projections.length === this.idle.of.length;
    const claimed = work.filter(({ projection, mine }) => mine.length > 0 || (carry && comparePositions(this.progress.storedAt(projection.name), last) < 0));
    const entries = claimed.map(({ projection: p }) => ({ name: checkpointName(p), version: p.version, from: this.progress.storedAt(p.name) }));
    const quiet: QuietTransaction = { xid: null };
    try {
      const applied = await this.db.transaction().execute(async (trx) => {
        if (!(await claimCheckpoints(trx, entries, last, { quiet, asyncCommit: this.traits.asyncCommit }))) throw new ClaimMissed();
        const touches: Touch[] = [];
        const writes = new WriteBatch(trx);
        for (const { projection, mine } of work) {
          if (mine.length > 0) touches.push(...(await this.timed(projection, trx, mine, withWrites(context, writes))));
        }
        await writes.flush();
        return { positions: new Map(claimed.map(({ projection: p }) => [p.name, last])), touches };
      });
      if (carry) this.idle.moves.carried();
      if (claimed.length < projections.length) this.idle.moves.putOff();
      return { ...applied, passed: projections.filter((p) => !applied.positions.has(p.name)) };
    } catch (error) {
      if (error instanceof ClaimMissed) return null;
      throw error;
    } finally {
      quietTransactions.end(quiet);
    }
  }

  /** Any case: the checkpoints read under their locks say, for each projection, which part of the batch is new. */
  private async applyLocked(projections: readonly Projection[], events: readonly StoredEvent[], last: Position, context: ApplyContext): Promise<Applied> {
    const touches: Touch[] = [];
    const quiet: QuietTransaction = { xid: null };
    const positions = await this.db
      .transaction()
      .execute(async (trx) => {
        // The stored checkpoints are the truth, read under their row locks: another copy of the projector (a rolling
        // deploy, a second replica, a rebuild command) may have moved them, and waits here while this batch applies.
        const stored = await lockCheckpoints(trx, projections.map(checkpointName), { quiet, asyncCommit: this.traits.asyncCommit });
        const result = new Map<string, Position>();
        const moved: { name: string; version: number }[] = [];
        const writes = new WriteBatch(trx);
        for (const projection of projections) {
          const after = stored.get(checkpointName(projection))?.position ?? ORIGIN;
          // Behind where this runner left it (a rebuild elsewhere reset it): the next batch starts from there
          // instead. Between there and the batch's start lie only events none of these projections handles. At or
          // past the batch's end: another copy already applied it.
          const left = this.progress.storedAt(projection.name);
          if (comparePositions(after, left) < 0 || comparePositions(last, after) <= 0) {
            result.set(projection.name, after);
            continue;
          }
          const handled = handledBy(projection);
          const mine = events.filter((event) => handled.has(event.type) && comparePositions(positionOf(event), after) > 0);
          if (mine.length > 0) touches.push(...(await this.timed(projection, trx, mine, withWrites(context, writes))));
          moved.push({ name: checkpointName(projection), version: projection.version });
          result.set(projection.name, last);
        }
        await writes.flush();
        await saveCheckpoints(trx, moved, last);
        return result;
      })
      .finally(() => quietTransactions.end(quiet));
    return { positions, touches, passed: [] };
  }

  /** A projection's apply, timed: its writes held for the batch's one statement are not in it. */
  private async timed(projection: Projection, trx: Kysely<Database>, events: readonly StoredEvent[], context: ApplyContext): Promise<Touch[]> {
    const started = performance.now();
    try {
      return await projection.apply(trx, events, context);
    } finally {
      this.times.record(projection.name, (performance.now() - started) / 1_000);
    }
  }
}

/** What a batch's transaction committed: checkpoints moved, and the projections it passed in memory only. */
type Applied = { positions: Map<string, Position>; touches: Touch[]; passed: readonly Projection[] };

const withWrites = (context: ApplyContext, writes: WriteBatch): ApplyContext => ({ ...context, later: writes.later, flush: writes.flush });

/** A checkpoint was not where the runner left it: the claimed path rolls back and the locked one takes over. */
class ClaimMissed extends Error {}
