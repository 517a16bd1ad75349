import type { Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import {
  comparePositions,
  type IdleCheckpointMoves,
  loadCheckpoints,
  ORIGIN,
  positionOf,
  Signal,
  type Bus,
  type EventStore,
  type LogRead,
} from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { checkpointName, type BatchApplier, type Failure } from "./batch-applier.ts";
import { mergeTouches } from "./merge-touches.ts";
import type { ProgressTracker } from "./progress-tracker.ts";
import type { Turns } from "./turns.ts";

export type LiveLoopOptions = {
  batchSize?: number;
  /** A safety net for when the bus is down: how often to look at the log without being told. */
  pollMs?: number;
  /** Whether it listens to the bus itself; otherwise someone else follows the bus and wakes it (`heardOf`). */
  hearsBus: boolean;
  /** Projections that failed on a batch the others applied: the runner sets them apart. */
  onFailed?: (failed: readonly Failure[]) => void;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/**
 * Keeps projections at the head of the log. The log in Postgres is what it applies, in (transaction, position)
 * order; appends in this process, and the bus telling of other processes' publications, wake it, and a poll finds
 * whatever a wake-up missed. Its batches take turns with the runner's rebuilds.
 */
export class LiveLoop {
  private readonly signal = new Signal();
  private running = false;
  private loop: Promise<void> | null = null;
  private stopHearing: (() => void) | null = null;
  private stopWatchingAppends: (() => void) | null = null;
  /** The newest position appended in this process: past the loop's, the log holds more than it could yet see. */
  private appended: Position = ORIGIN;
  /** The projections in the pass (those set apart are not), in the runner's order. */
  private projections: readonly Projection[];
  /** Every event type one of the projections handles. */
  private handled: ReadonlySet<string>;
  lastError: string | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    private readonly all: readonly Projection[],
    private readonly parts: { progress: ProgressTracker; applier: BatchApplier; turns: Turns; read: LogRead; idle: IdleCheckpointMoves },
    private readonly options: LiveLoopOptions,
  ) {
    this.projections = all;
    this.handled = new Set(all.flatMap((p) => p.handles));
  }

  /** The projections the pass applies now. */
  get members(): readonly Projection[] {
    return this.projections;
  }

  /** Takes projections out of the pass, or puts them back: for a caller that holds the turn. */
  setMembers(members: ReadonlySet<string>): void {
    this.projections = this.all.filter((p) => members.has(p.name));
    this.handled = new Set(this.projections.flatMap((p) => p.handles));
  }

  start(): void {
    this.running = true;
    // A command appended in this process wakes the loop at once, without a round trip through the bus.
    this.stopWatchingAppends = this.store.onAppended((position) => {
      if (comparePositions(position, this.appended) > 0) this.appended = position;
      this.signal.notify();
    });
    this.loop = this.run();
    if (this.bus && this.options.hearsBus) this.stopHearing = this.bus.onAppendedElsewhere((position) => this.heardOf(position));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopWatchingAppends?.();
    this.signal.notify();
    this.stopHearing?.();
    await this.loop;
    await this.parts.turns.take(() => this.writeIdle(true)).catch(() => {});
  }

  /** The log holds events up to `position` (another process appended them, or someone waits for them): look now. */
  heardOf(position: Position): void {
    if (comparePositions(position, this.appended) <= 0) return;
    this.appended = position;
    this.signal.notify();
  }

  private async run() {
    const { progress, turns } = this.parts;
    let backoff = 250;
    let hidden = 1;
    while (this.running) {
      try {
        const read = await turns.take(() => this.catchUp());
        this.lastError = null;
        backoff = 250;
        const behind = comparePositions(progress.lowest(this.projections), this.appended) < 0;
        const caughtUp = async () => {
          await turns.take(() => this.writeIdle());
          // Moves still put off are written soon even when nothing else happens: an API process elsewhere reads them.
          await this.signal.wait(this.parts.idle.dueInMs ?? this.options.pollMs ?? 1_000);
        };
        if (read > 0) {
          hidden = 1;
          // A short batch that reached everything this process appended: the log holds nothing newer that this
          // loop knows of. An append here, or the bus telling of one elsewhere, wakes it; reading again would not.
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
   * Reads one batch of the log from the slowest projection and applies it to each of them in one transaction, with
   * their checkpoints, then tells the clients that may see what changed. Answers how many events it read (0: none
   * were readable). For a caller that holds the turn.
   */
  private async catchUp(): Promise<number> {
    if (this.projections.length === 0) return 0;
    const from = this.parts.progress.lowest(this.projections);
    const events = await this.parts.read(from, this.options.batchSize ?? 500);
    if (events.length === 0) return 0;
    const last = positionOf(events.at(-1)!);
    if (this.skipIdle(events, from, last)) return events.length;
    const { touches, failed } = await this.parts.applier.apply(
      this.projections,
      events,
      from,
      last,
      { once: true, touches: true },
      { isolate: true, carry: true },
    );
    if (this.bus) for (const invalidation of mergeTouches(touches, last)) this.bus.publishInvalidation(invalidation);
    if (failed.length > 0) this.options.onFailed?.(failed);
    return events.length;
  }

  /**
   * A batch none of the projections handles needs no transaction, and its checkpoint moves can wait: the loop moves
   * on in memory, and `writeIdle` or the next applied batch writes them. A crash before then only reads those events
   * again. Says whether the batch was such a one.
   */
  private skipIdle(events: readonly StoredEvent[], from: Position, last: Position): boolean {
    const { progress } = this.parts;
    if (this.projections.some((p) => comparePositions(progress.at(p.name), from) !== 0)) return false;
    if (events.some((event) => this.handled.has(event.type))) return false;
    this.parts.idle.putOff();
    progress.skipTo(this.projections, last);
    return true;
  }

  /**
   * Writes the checkpoint moves put off (see IdleCheckpointMoves), when due. A move that found its checkpoint
   * elsewhere than this loop last knew learns where it stands. Ahead of it, another copy moved it: nothing this
   * projection handles lies between there and where this loop has got, so the move is due again at once and the
   * checkpoint follows the loop. Behind it, a rebuild reset it and emptied the tables: the loop goes back there, and
   * what it had applied since is applied again (by it or by the rebuild, each batch once under the lease).
   * For a caller that holds the turn.
   */
  private async writeIdle(force = false): Promise<void> {
    const { progress } = this.parts;
    const moves = () =>
      this.projections.map((projection) => ({
        projection,
        name: checkpointName(projection),
        version: projection.version,
        from: progress.storedAt(projection.name),
        to: progress.at(projection.name),
      }));
    const missed: Projection[] = [];
    for (const { move, moved } of await this.parts.idle.write(this.db, moves, force)) {
      if (moved) progress.storedTo(move.projection.name, move.to);
      else missed.push(move.projection);
    }
    if (missed.length === 0) return;
    let learnt = false;
    for (const checkpoint of await loadCheckpoints(this.db)) {
      const projection = missed.find((p) => checkpointName(p) === checkpoint.name);
      if (!projection || checkpoint.version !== projection.version) continue;
      const found = comparePositions(checkpoint.position, progress.storedAt(projection.name));
      if (found === 0) continue;
      if (found < 0) {
        progress.place(projection.name, checkpoint.position);
        progress.moved();
        continue;
      }
      progress.storedTo(projection.name, checkpoint.position);
      learnt = true;
    }
    if (learnt) this.parts.idle.putOff();
  }
}
