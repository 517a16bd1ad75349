import { PGliteAdapter, sql, type Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import {
  advanceCheckpoints,
  claimCheckpoints,
  comparePositions,
  IdleCheckpointMoves,
  loadCheckpoint,
  lockCheckpoints,
  logReadOf,
  ORIGIN,
  positionOf,
  quietTransactions,
  resetCheckpoint,
  saveCheckpoints,
  Signal,
  type Bus,
  type EventStore,
  type LogRead,
  type QuietTransaction,
} from "@procure/eventstore";
import type { ApplyContext, Projection, Touch } from "../projection.ts";
import { mergeTouches } from "./merge-touches.ts";
import { deferIndexes, restoreIndexes } from "./deferred-indexes.ts";
import { WriteBatch } from "./write-batch.ts";
import type { Database } from "../tables.ts";

export type RunnerOptions = {
  batchSize?: number;
  /** Events per batch while rebuilding: large, since nobody waits on a rebuild's individual events. */
  rebuildBatchSize?: number;
  /** How many projections a full rebuild applies at once, each in a transaction on a connection of its own (3). */
  replayConnections?: number;
  /** A safety net for when the bus is down: how often to look at the log without being told. */
  pollMs?: number;
  /**
   * Null when someone else follows the bus and wakes this runner; otherwise it listens itself (the name is that of
   * the durable consumer earlier versions kept).
   */
  durable?: string | null;
  /** Reads the log after a position (a log shared with other runners); the event store's own read by default. */
  read?: LogRead;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/** The checkpoint a projection keeps its position under. */
export const checkpointName = (p: Projection) => `projection:${p.name}`;

/**
 * Keeps every projection at the head of the log. The log in Postgres is what it applies, in (transaction, position)
 * order; appends in this process, and the bus telling of other processes' publications, wake it, and a poll finds
 * whatever a wake-up missed. Each batch is applied together with its checkpoint in one transaction, and anything at
 * or below the checkpoint is skipped: at-least-once delivery, exactly-once effect.
 */
export class ProjectionRunner {
  private readonly signal = new Signal();
  private readonly positions = new Map<string, Position>();
  /**
   * Each projection's checkpoint as this runner last wrote or read it. Behind `positions` after batches none of a
   * runner's projections handles: their checkpoint moves are put off (`idle`) and written together soon after, or
   * carried by the next batch they apply.
   */
  private readonly stored = new Map<string, Position>();
  private readonly idle = new IdleCheckpointMoves();
  private readonly progress = new Set<() => void>();
  private readonly watchers = new Set<() => void>();
  private running = false;
  /** Catch-up batches and rebuilds take turns, so a rebuild never races the live loop over the same rows. */
  private turn: Promise<unknown> = Promise.resolve();
  private loop: Promise<void> | null = null;
  private stopHearing: (() => void) | null = null;
  private stopWatchingAppends: (() => void) | null = null;
  /** The newest position appended in this process: past the runner's, the log holds more than it could yet see. */
  private appended: Position = ORIGIN;
  /** A rebuild's next batch, read while the current one is applied. */
  private ahead: { from: Position; size: number; events: Promise<StoredEvent[]> } | null = null;
  lastError: string | null = null;
  /**
   * On the embedded database (one connection, in the process) several of a server's ways are unavailable: COPY from
   * a client, VACUUM outside a transaction, a second connection to read ahead on, and a background writer to flush
   * commits that did not wait for the disk.
   */
  private readonly embedded: boolean;
  /**
   * A batch's commit need not wait for the disk: rows and checkpoint are lost together or not at all, and applied
   * again. Not on the embedded database (see `embedded`).
   */
  private readonly asyncCommit: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    readonly projections: readonly Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.embedded = db.getExecutor().adapter instanceof PGliteAdapter;
    this.asyncCommit = !this.embedded;
    // A batch is applied to projections in list order: whatever a projection reads must come before it.
    projections.forEach((projection, index) => {
      for (const read of projection.reads ?? []) {
        const at = projections.findIndex((p) => p.name === read);
        if (at === -1 || at > index) throw new Error(`Projection ${projection.name} reads ${read}, which must be listed before it`);
      }
    });
  }

  /** Rebuilds projections whose version changed, then follows the log. */
  async start(): Promise<void> {
    // A rebuild that stopped before it was done left its tables without their secondary indexes.
    await restoreIndexes(this.db, this.tables(this.projections));
    const stale = new Set<string>();
    for (const projection of this.projections) {
      const checkpoint = await loadCheckpoint(this.db, checkpointName(projection));
      if (!checkpoint || checkpoint.version !== projection.version) {
        if (checkpoint) this.options.log?.("projection version changed; rebuilding from the log", { projection: projection.name });
        stale.add(projection.name);
      } else {
        this.positions.set(projection.name, checkpoint.position);
        this.stored.set(projection.name, checkpoint.position);
      }
    }
    for (const projection of this.withReaders(stale)) await this.reset(projection);
    this.running = true;
    // A command appended in this process wakes the runner at once, without a round trip through the bus.
    this.stopWatchingAppends = this.store.onAppended((position) => {
      if (comparePositions(position, this.appended) > 0) this.appended = position;
      this.signal.notify();
    });
    this.loop = this.run();
    if (this.bus && this.options.durable !== null) {
      this.stopHearing = this.bus.onPublished((position) => this.heardOf(position));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopWatchingAppends?.();
    this.signal.notify();
    this.stopHearing?.();
    await this.loop;
    await this.exclusive(() => this.writeIdle(true)).catch(() => {});
  }

  /** The lowest position every projection has reached. */
  get position(): Position {
    let min: Position | null = null;
    for (const projection of this.projections) {
      const p = this.positions.get(projection.name) ?? ORIGIN;
      if (!min || comparePositions(p, min) < 0) min = p;
    }
    return min ?? ORIGIN;
  }

  /** Resolves once every projection has applied `position`, or after `timeoutMs`; says which. */
  async waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    // A position this runner has not heard of (appended by another process): look now, and again soon while it
    // cannot be read yet. One it has heard of already woke it.
    if (comparePositions(position, this.appended) > 0) {
      this.appended = position;
      this.signal.notify();
    }
    while (comparePositions(this.position, position) < 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.progress.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 100));
        this.progress.add(done);
      });
    }
    return true;
  }

  /** Calls `listener` whenever a projection of this runner moves; answers a function that stops it. */
  onProgress(listener: () => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  private moved() {
    for (const notify of [...this.progress, ...this.watchers]) notify();
  }

  /** Runs `work` while this runner's loop waits its turn (a rebuild by another runner over the same projections). */
  pause<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(work);
  }

  /** Empties one projection's tables, or all, and replays them together from the start of the log. */
  async rebuild(name?: string): Promise<void> {
    if (name && !this.projections.some((p) => p.name === name)) throw new Error(`No projection named ${name}`);
    // One turn for the whole rebuild: the live loop would otherwise replay the same events in small batches.
    await this.exclusive(() => this.replay(name));
  }

  /** `rebuild`, for a caller that holds this runner's turn (see `pause`). */
  async replay(name?: string): Promise<void> {
    const targets = name ? this.withReaders(new Set([name])) : this.projections;
    // Replay up to the head as it is now. An empty batch before that only means an older transaction (in any
    // database of the server: transaction ids are cluster-wide) is still open, so wait rather than stop short.
    const head = await this.store.headPosition();
    const behind = () => targets.some((p) => comparePositions(this.positions.get(p.name) ?? ORIGIN, head) < 0);
    await this.beginReplay(targets);
    try {
      while (behind()) {
        const moved = await this.catchUpNow(targets, this.options.rebuildBatchSize ?? 5_000, true);
        if (moved === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      this.ahead = null;
      await this.endReplay(targets);
    }
  }

  /**
   * Empties the tables of `targets` (all of this runner's projections by default) for a replay from the start of
   * the log. Rows go in faster without the secondary indexes, which `endReplay` builds once, from sorted input.
   * For a caller that holds this runner's turn.
   */
  async beginReplay(targets: readonly Projection[] = this.projections): Promise<void> {
    for (const projection of targets) await this.reset(projection);
    await this.db.transaction().execute(async (trx) => {
      // As in `reset`: a live copy's batch, which claims these checkpoints before it writes, finishes or waits
      // before the indexes go, rather than holding one table while the drops hold another.
      await lockCheckpoints(trx, targets.map(checkpointName));
      await deferIndexes(trx, this.tables(targets));
    });
  }

  /**
   * During a replay, the batch ending at `last` applied to one projection, in a transaction of its own. A batch it
   * handles nothing of changes nothing, not even its checkpoint: its next batch moves the checkpoint over both, and
   * `stepOver` moves it at the end. For a caller that holds this runner's turn.
   */
  async replayInto(projection: Projection, events: readonly StoredEvent[], last: Position): Promise<void> {
    const handled = new Set<string>(projection.handles);
    if (!events.some((event) => handled.has(event.type))) return;
    const from = this.positions.get(projection.name) ?? ORIGIN;
    const replay = { once: true, touches: false, copy: !this.embedded };
    const reached = (await this.applyClaimed([projection], events, from, last, replay)) ?? (await this.applyLocked([projection], events, last, replay));
    this.settle(reached.positions);
  }

  /** Moves the checkpoints a replay's last batches had nothing for to `last`, where the replay ended. */
  async stepOver(last: Position): Promise<void> {
    for (const projection of this.projections) {
      const at = this.positions.get(projection.name) ?? ORIGIN;
      if (comparePositions(at, last) >= 0) continue;
      if (await advanceCheckpoints(this.db, [{ name: checkpointName(projection), version: projection.version }], at, last)) {
        this.positions.set(projection.name, last);
        this.stored.set(projection.name, last);
      }
    }
    this.moved();
  }

  /** Builds the indexes `beginReplay` left out, and brings the tables' statistics up to date. */
  async endReplay(targets: readonly Projection[] = this.projections): Promise<void> {
    const tables = this.tables(targets);
    await restoreIndexes(this.db, tables);
    // Every row of these tables is new: fresh statistics keep the planner on the indexes the reads rely on, and
    // a vacuum marks the pages all-visible now rather than leaving it to an autovacuum racing the first reads.
    // VACUUM cannot run in a transaction, which the one embedded connection may be in: there, statistics only.
    for (const table of tables) {
      await (this.embedded ? sql`analyze ${sql.table(table)}` : sql`vacuum (analyze) ${sql.table(table)}`).execute(this.db);
    }
  }

  private tables(projections: readonly Projection[]): string[] {
    return [...new Set(projections.flatMap((p) => p.tables))];
  }

  /**
   * The named projections and every projection that reads one of them, in list order: a reader replays beside
   * what it reads, so it never applies new events against a table that is being rebuilt under it.
   */
  private withReaders(names: ReadonlySet<string>): Projection[] {
    const chosen = new Set(names);
    for (const projection of this.projections) {
      if ((projection.reads ?? []).some((read) => chosen.has(read))) chosen.add(projection.name);
    }
    return this.projections.filter((p) => chosen.has(p.name));
  }

  private async reset(projection: Projection) {
    await this.db.transaction().execute(async (trx) => {
      // Taken before the deletes, so a live copy's batch waits for the reset rather than deadlocking with it.
      await lockCheckpoints(trx, [checkpointName(projection)]);
      if (projection.reset) await projection.reset(trx);
      // Truncated rather than deleted: a replay into tables full of dead rows checks every key against them.
      else await sql`truncate table ${sql.join(projection.tables.map((table) => sql.table(table)))}`.execute(trx);
      await resetCheckpoint(trx, checkpointName(projection), projection.version);
    });
    this.positions.set(projection.name, ORIGIN);
    this.stored.set(projection.name, ORIGIN);
  }

  /** Another process appended up to `position` (the bus says so): look at the log now. */
  heardOf(position: Position): void {
    if (comparePositions(position, this.appended) <= 0) return;
    this.appended = position;
    this.signal.notify();
  }

  private async run() {
    let backoff = 250;
    let hidden = 1;
    while (this.running) {
      try {
        const read = await this.catchUp(this.projections);
        this.lastError = null;
        backoff = 250;
        const behind = comparePositions(this.position, this.appended) < 0;
        const caughtUp = async () => {
          await this.exclusive(() => this.writeIdle());
          // Moves still put off are written soon even when nothing else happens: an API process elsewhere reads them.
          await this.signal.wait(this.idle.dueInMs ?? this.options.pollMs ?? 1_000);
        };
        if (read > 0) {
          hidden = 1;
          // A short batch that reached everything this process appended: the log holds nothing newer that this
          // runner knows of. An append here, or the bus telling of one elsewhere, wakes it; reading again would not.
          if (read < (this.options.batchSize ?? 500) && !behind) await caughtUp();
        } else if (behind) {
          // Appended but not yet readable: a transaction that began earlier is still open (the log is read only
          // below the oldest one). It will end within milliseconds; look again soon rather than at the next poll.
          await this.signal.wait(hidden);
          hidden = Math.min(hidden * 2, 25);
        } else await caughtUp();
      } catch (error) {
        this.lastError = String(error);
        this.options.log?.("projection batch failed; retrying", { error: this.lastError });
        await this.signal.wait(backoff);
        backoff = Math.min(backoff * 2, 5_000);
      }
    }
  }

  /**
   * Reads one batch of the log from the slowest of `projections` and applies it to each of them in one
   * transaction, with their checkpoints; says whether anything moved.
   */
  private catchUp(projections: readonly Projection[]): Promise<number> {
    return this.exclusive(() => this.catchUpNow(projections));
  }

  /**
   * A batch none of the projections handles needs no transaction, and its checkpoint moves can wait: the runner
   * moves on in memory, and `writeIdle` or the next applied batch writes them. A crash before then only reads those
   * events again. Says whether the batch was such a one.
   */
  private skipIdle(projections: readonly Projection[], events: readonly StoredEvent[], from: Position, last: Position): boolean {
    if (projections.some((p) => comparePositions(this.positions.get(p.name) ?? ORIGIN, from) !== 0)) return false;
    const handled = new Set<string>(projections.flatMap((p) => p.handles));
    if (events.some((event) => handled.has(event.type))) return false;
    for (const projection of projections) this.positions.set(projection.name, last);
    this.idle.putOff();
    this.moved();
    return true;
  }

  /** Writes the checkpoint moves `skipIdle` put off, when due (see IdleCheckpointMoves). For a caller that holds this runner's turn. */
  private async writeIdle(force = false): Promise<void> {
    const moves = () =>
      this.projections.map((projection) => ({
        projection,
        name: checkpointName(projection),
        version: projection.version,
        from: this.stored.get(projection.name) ?? ORIGIN,
        to: this.positions.get(projection.name) ?? ORIGIN,
      }));
    for (const { move, moved } of await this.idle.write(this.db, moves, force)) if (moved) this.stored.set(move.projection.name, move.to);
  }

  /** Positions a batch's transaction committed: where the runner is, and where the checkpoints are. */
  private settle(positions: ReadonlyMap<string, Position>) {
    for (const [name, position] of positions) {
      this.positions.set(name, position);
      this.stored.set(name, position);
    }
    this.moved();
  }

  /** The batch after `from`: the one read ahead when it starts there, else a fresh read. */
  private read(from: Position, size: number): Promise<StoredEvent[]> {
    const ahead = this.ahead;
    this.ahead = null;
    if (ahead && ahead.size === size && comparePositions(ahead.from, from) === 0) return ahead.events;
    return logReadOf(this.store, this.options.read)(from, size);
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => {});
    return result;
  }

  /** Applies the next batch; answers how many events it read (0: none were readable). */
  private async catchUpNow(projections: readonly Projection[], batchSize = this.options.batchSize ?? 500, replaying = false): Promise<number> {
    let from: Position | null = null;
    for (const p of projections) {
      const at = this.positions.get(p.name) ?? ORIGIN;
      if (!from || comparePositions(at, from) < 0) from = at;
    }
    const events = await this.read(from ?? ORIGIN, batchSize);
    if (events.length === 0) return 0;
    const last = positionOf(events.at(-1)!);
    if (!replaying && this.skipIdle(projections, events, from ?? ORIGIN, last)) return events.length;
    // The log is read on another connection while this batch is applied; one connection (PGlite) has no other.
    if (replaying && events.length === batchSize && !this.embedded) {
      const next = logReadOf(this.store, this.options.read)(last, batchSize);
      next.catch(() => {});
      this.ahead = { from: last, size: batchSize, events: next };
    }
    const context = { once: true, touches: true };
    const reached =
      (await this.applyClaimed(projections, events, from ?? ORIGIN, last, context)) ?? (await this.applyLocked(projections, events, last, context));
    this.settle(reached.positions);
    if (this.bus) for (const invalidation of mergeTouches(reached.touches, last)) this.bus.publishInvalidation(invalidation);
    return events.length;
  }

  /**
   * The common case: every projection is where this runner left it, so the batch's checkpoints are locked and moved
   * in one statement and the batch applied after it, in one transaction. Answers null, having changed nothing, when
   * some checkpoint was elsewhere.
   */
  private async applyClaimed(
    projections: readonly Projection[],
    events: readonly StoredEvent[],
    from: Position,
    last: Position,
    context: ApplyContext,
  ): Promise<Applied | null> {
    if (projections.some((p) => comparePositions(this.positions.get(p.name) ?? ORIGIN, from) !== 0)) return null;
    // The checkpoints may stand behind `from`, by batches none of these projections handled.
    const stored = this.stored.get(projections[0]!.name) ?? ORIGIN;
    if (projections.some((p) => comparePositions(this.stored.get(p.name) ?? ORIGIN, stored) !== 0)) return null;
    const entries = projections.map((p) => ({ name: checkpointName(p), version: p.version }));
    const quiet: QuietTransaction = { xid: null };
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await claimCheckpoints(trx, entries, stored, last, { quiet, asyncCommit: this.asyncCommit }))) throw new ClaimMissed();
        const touches: Touch[] = [];
        const writes = new WriteBatch(trx);
        for (const projection of projections) {
          const handled = new Set<string>(projection.handles);
          const mine = events.filter((event) => handled.has(event.type));
          if (mine.length > 0) touches.push(...(await projection.apply(trx, mine, withWrites(context, writes))));
        }
        await writes.flush();
        return { positions: new Map(projections.map((p) => [p.name, last])), touches };
      });
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
    // A batch writes read models and checkpoints only: readers of the log need not wait for its transaction.
    const quiet: QuietTransaction = { xid: null };
    const positions = await this.db
      .transaction()
      .execute(async (trx) => {
        // The stored checkpoints are the truth, read under their row locks: another copy of the projector (a rolling
        // deploy, a second replica, a rebuild command) may have moved them, and waits here while this batch applies.
        const stored = await lockCheckpoints(trx, projections.map(checkpointName), { quiet, asyncCommit: this.asyncCommit });
        const result = new Map<string, Position>();
        const moved: { name: string; version: number }[] = [];
        const writes = new WriteBatch(trx);
        for (const projection of projections) {
          const after = stored.get(checkpointName(projection))?.position ?? ORIGIN;
          // Behind where this runner left it (a rebuild elsewhere reset it): the next batch starts from there
          // instead. Between there and the batch's start lie only events none of these projections handles. At or
          // past the batch's end: another copy already applied it.
          const left = this.stored.get(projection.name) ?? ORIGIN;
          if (comparePositions(after, left) < 0 || comparePositions(last, after) <= 0) {
            result.set(projection.name, after);
            continue;
          }
          const handled = new Set<string>(projection.handles);
          const mine = events.filter((event) => handled.has(event.type) && comparePositions(positionOf(event), after) > 0);
          if (mine.length > 0) touches.push(...(await projection.apply(trx, mine, withWrites(context, writes))));
          moved.push({ name: checkpointName(projection), version: projection.version });
          result.set(projection.name, last);
        }
        await writes.flush();
        await saveCheckpoints(trx, moved, last);
        return result;
      })
      .finally(() => quietTransactions.end(quiet));
    return { positions, touches };
  }
}

type Applied = { positions: Map<string, Position>; touches: Touch[] };

const withWrites = (context: ApplyContext, writes: WriteBatch): ApplyContext => ({ ...context, later: writes.later, flush: writes.flush });

/** A checkpoint was not where the runner left it: the claimed path rolls back and the locked one takes over. */
class ClaimMissed extends Error {}
