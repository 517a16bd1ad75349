import { sql, type Kysely } from "kysely";
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
    private readonly idle: IdleCheckpointMoves,
    private readonly times: ApplyTimes,
  ) {}

  /**
   * Applies the batch after `from` ending at `last`; answers what it touched. With `isolate`, a batch that throws is
   * applied again with each projection under a savepoint of its own: the others commit, and the answer names those
   * that failed (their readers, which would read their stale tables, wait with them). `carry`: the batch is one of
   * the live pass, which may carry the checkpoint moves put off.
   */
  async apply(
    projections: readonly Projection[],
    events: readonly StoredEvent[],
    from: Position,
    last: Position,
    context: ApplyContext,
    { isolate = false, carry = false }: { isolate?: boolean; carry?: boolean } = {},
  ): Promise<BatchOutcome> {
    let applied: Applied;
    const failed: Failure[] = [];
    try {
      applied = (await this.applyClaimed(projections, events, from, last, context, carry)) ?? (await this.applyLocked(projections, events, last, context));
    } catch (error) {
      if (!isolate) throw error;
      applied = await this.applyLocked(projections, events, last, context, failed);
    }
    this.progress.settle(applied.positions, { passed: applied.passed, last });
    return { touches: applied.touches, failed };
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
    carryDue: boolean,
  ): Promise<Applied | null> {
    if (projections.some((p) => comparePositions(this.progress.at(p.name), from) !== 0)) return null;
    const work = projections.map((projection) => {
      const handled = handledBy(projection);
      return { projection, mine: events.filter((event) => handled.has(event.type)) };
    });
    // Only a batch of the live pass carries its put-off moves (a replay applies one projection at a time).
    const carry = carryDue && this.idle.due;
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
      if (carry) this.idle.carried();
      if (claimed.length < projections.length) this.idle.putOff();
      return { ...applied, passed: projections.filter((p) => !applied.positions.has(p.name)) };
    } catch (error) {
      if (error instanceof ClaimMissed) return null;
      throw error;
    } finally {
      quietTransactions.end(quiet);
    }
  }

  /**
   * Any case: the checkpoints read under their locks say, for each projection, which part of the batch is new. With
   * `failed`, each projection applies under a savepoint: one that throws is rolled back alone and named there, and
   * it and its readers keep their checkpoints where they were.
   */
  private async applyLocked(
    projections: readonly Projection[],
    events: readonly StoredEvent[],
    last: Position,
    context: ApplyContext,
    failed?: Failure[],
  ): Promise<Applied> {
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
        const held = new Set<string>();
        for (const projection of projections) {
          const after = stored.get(checkpointName(projection))?.position ?? ORIGIN;
          // Behind where this runner left it (a rebuild elsewhere reset it): the next batch starts from there
          // instead. Between there and the batch's start lie only events none of these projections handles. At or
          // past the batch's end: another copy already applied it. Reading a projection that failed: it waits too.
          const left = this.progress.storedAt(projection.name);
          const readsFailed = (projection.reads ?? []).some((read) => held.has(read));
          if (readsFailed) held.add(projection.name);
          if (readsFailed || comparePositions(after, left) < 0 || comparePositions(last, after) <= 0) {
            result.set(projection.name, after);
            continue;
          }
          const handled = handledBy(projection);
          const mine = events.filter((event) => handled.has(event.type) && comparePositions(positionOf(event), after) > 0);
          if (mine.length > 0) {
            const applied = failed
              ? await this.saved(trx, writes, projection, mine, context)
              : await this.timed(projection, trx, mine, withWrites(context, writes));
            if (applied instanceof Failure) {
              failed!.push(applied);
              held.add(projection.name);
              result.set(projection.name, after);
              continue;
            }
            touches.push(...applied);
          }
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

  /** A projection's part of the batch under a savepoint, its writes sent within it: a failure undoes only its own. */
  private async saved(trx: Kysely<Database>, writes: WriteBatch, projection: Projection, events: readonly StoredEvent[], context: ApplyContext) {
    await sql`savepoint projection`.execute(trx);
    try {
      const touches = await this.timed(projection, trx, events, withWrites(context, writes));
      await writes.flush();
      await sql`release savepoint projection`.execute(trx);
      return touches;
    } catch (error) {
      // A rollback that fails too (the connection is gone) is no projection's fault: the batch fails as a whole.
      await sql`rollback to savepoint projection`.execute(trx);
      writes.drop();
      return new Failure(projection, events, error);
    }
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

/** What a batch did: what it touched, and the projections that failed on it (set apart by the caller). */
export type BatchOutcome = { touches: Touch[]; failed: Failure[] };

/** A projection that threw on a batch, the events it was handed, and what it threw. */
export class Failure {
  constructor(
    readonly projection: Projection,
    readonly events: readonly StoredEvent[],
    readonly error: unknown,
  ) {}
}

/** What a batch's transaction committed: checkpoints moved, and the projections it passed in memory only. */
type Applied = { positions: Map<string, Position>; touches: Touch[]; passed: readonly Projection[] };

const withWrites = (context: ApplyContext, writes: WriteBatch): ApplyContext => ({ ...context, later: writes.later, flush: writes.flush });

/** A checkpoint was not where the runner left it: the claimed path rolls back and the locked one takes over. */
class ClaimMissed extends Error {}
