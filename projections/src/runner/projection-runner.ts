import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { IdleCheckpointMoves, loadCheckpoint, logReadOf, type Bus, type EventStore, type LogRead } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { ApplyTimes } from "./apply-times.ts";
import { BatchApplier, checkpointName, type Failure } from "./batch-applier.ts";
import { databaseTraits, type DatabaseTraits } from "./database-traits.ts";
import { restoreIndexes } from "./deferred-indexes.ts";
import { LiveLoop } from "./live-loop.ts";
import { ProgressTracker } from "./progress-tracker.ts";
import { Replayer, resetProjection, tablesOf, type ReplayPart } from "./replayer.ts";
import { SetApart } from "./set-apart.ts";
import { clearStalls, type Stall } from "./stalls.ts";
import { Turns } from "./turns.ts";

export { checkpointName };

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
  /** What the database can do; found from `db` when not given. */
  traits?: DatabaseTraits;
  /** Where each projection's apply times go: the runner's own when not given. */
  applyTimes?: ApplyTimes;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/**
 * Keeps projections at the head of the log (see LiveLoop), rebuilds them from it (see Replayer) and tells who waits
 * when they move (see ProgressTracker). Its live batches and its rebuilds take turns, so a rebuild never races the
 * live loop over the same rows.
 */
export class ProjectionRunner {
  private readonly progress = new ProgressTracker();
  private readonly turns = new Turns();
  private readonly applier: BatchApplier;
  private readonly live: LiveLoop;
  private readonly replayer: Replayer;
  private readonly read: LogRead;
  /** Projections set apart from the pass because they failed, each lane with the projections that read it. */
  private readonly lanes = new Set<SetApart>();
  readonly applyTimes: ApplyTimes;

  constructor(
    private readonly db: Kysely<Database>,
    store: EventStore,
    private readonly bus: Bus | null,
    readonly projections: readonly Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    // A batch is applied to projections in list order: whatever a projection reads must come before it.
    projections.forEach((projection, index) => {
      for (const read of projection.reads ?? []) {
        const at = projections.findIndex((p) => p.name === read);
        if (at === -1 || at > index) throw new Error(`Projection ${projection.name} reads ${read}, which must be listed before it`);
      }
    });
    const traits = options.traits ?? databaseTraits(db);
    // Checkpoint moves put off, by batches none of a projection's events were in: written together, or carried.
    const idle = new IdleCheckpointMoves();
    this.applyTimes = options.applyTimes ?? new ApplyTimes();
    this.applier = new BatchApplier(db, traits, this.progress, idle, this.applyTimes);
    this.read = logReadOf(store, options.read);
    const parts = { progress: this.progress, applier: this.applier, turns: this.turns, read: this.read, idle };
    this.live = new LiveLoop(db, store, bus, projections, parts, {
      ...options,
      hearsBus: options.durable !== null,
      onFailed: (failed) => this.setApart(failed),
    });
    this.replayer = new Replayer(db, store, traits, { batchSize: options.rebuildBatchSize, connections: options.replayConnections });
  }

  /** Rebuilds projections whose version changed, then follows the log. */
  async start(): Promise<void> {
    // A rebuild that stopped before it was done left its tables without their secondary indexes.
    await restoreIndexes(this.db, tablesOf(this.projections));
    const stale = new Set<string>();
    for (const projection of this.projections) {
      const checkpoint = await loadCheckpoint(this.db, checkpointName(projection));
      if (!checkpoint || checkpoint.version !== projection.version) {
        if (checkpoint) this.options.log?.("projection version changed; rebuilding from the log", { projection: projection.name });
        stale.add(projection.name);
      } else this.progress.place(projection.name, checkpoint.position);
    }
    for (const projection of this.withReaders(stale)) await resetProjection(this.db, projection, this.progress);
    // A stall recorded before is found again if the projection still fails; one fixed (or a new version) has none.
    await clearStalls(
      this.db,
      this.projections.map((p) => p.name),
    );
    this.live.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.lanes].map((lane) => lane.stop()));
    await this.live.stop();
  }

  /** The projections set apart because they failed, with the event and error, once known. */
  get stalls(): Stall[] {
    return [...this.lanes].flatMap((lane) => (lane.stall ? [lane.stall] : []));
  }

  /**
   * Takes projections that failed on a batch, with the projections that read them, out of the pass, onto runners of
   * their own from where they are (see SetApart). For a caller that holds the turn.
   */
  private setApart(failed: readonly Failure[]): void {
    let members = new Set(this.live.members.map((p) => p.name));
    for (const failure of failed) {
      const apart = this.withReaders(new Set([failure.projection.name])).filter((p) => members.has(p.name));
      if (apart.length === 0) continue;
      members = new Set([...members].filter((name) => !apart.some((p) => p.name === name)));
      const lane = new SetApart(
        apart,
        failure,
        { db: this.db, bus: this.bus, read: this.read, applier: this.applier, progress: this.progress, turns: this.turns, log: this.options.log },
        {
          position: () => this.progress.lowest(this.live.members),
          rejoin: (done) => {
            this.lanes.delete(done);
            this.live.setMembers(new Set([...this.live.members, ...done.projections].map((p) => p.name)));
          },
        },
        this.options.batchSize ?? 500,
      );
      this.lanes.add(lane);
      lane.start();
    }
    this.live.setMembers(members);
  }

  get lastError(): string | null {
    return this.live.lastError;
  }

  /** The lowest position every projection has reached. */
  get position(): Position {
    return this.progress.lowest(this.projections);
  }

  /** The lowest position the named projections (all, without names) have reached. */
  positionOf(names?: readonly string[]): Position {
    return this.progress.lowest(names ? this.projections.filter((p) => names.includes(p.name)) : this.projections);
  }

  /** Resolves once the named projections (all, without names) have applied `position`, or after `timeoutMs`; says which. */
  waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    // A position this runner has not heard of (appended by another process): look now, and again soon while it
    // cannot be read yet. One it has heard of already woke it.
    this.live.heardOf(position);
    // Only those named: a projection set apart must not hold a command that reads none of its tables.
    return this.progress.waitFor(() => this.positionOf(names), position, timeoutMs);
  }

  /** Calls `listener` whenever a projection of this runner moves; answers a function that stops it. */
  onProgress(listener: () => void): () => void {
    return this.progress.onProgress(listener);
  }

  /** Another process appended up to `position` (the bus says so): look at the log now. */
  heardOf(position: Position): void {
    this.live.heardOf(position);
  }

  /** Runs `work` while this runner's loop waits its turn (a rebuild by another runner over the same projections). */
  pause<T>(work: () => Promise<T>): Promise<T> {
    return this.turns.take(work);
  }

  /** Empties one projection's tables (and its readers'), or all, and replays them together from the start of the log. */
  async rebuild(name?: string): Promise<void> {
    if (name && !this.projections.some((p) => p.name === name)) throw new Error(`No projection named ${name}`);
    // One turn for the whole rebuild: the live loop would otherwise replay the same events in small batches.
    await this.turns.take(() => this.replayer.replay([this.replayPart(name)]));
  }

  /** What a replay of one projection (and its readers), or of all, takes from this runner. */
  replayPart(name?: string): ReplayPart {
    return { projections: name ? this.withReaders(new Set([name])) : this.projections, progress: this.progress, applier: this.applier };
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
}
