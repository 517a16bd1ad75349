import type { Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import type { Bus } from "./bus/bus.ts";
import { loadCheckpoint } from "./checkpoints.ts";
import type { EventStore } from "./event-store.ts";
import { IdleCheckpointMoves } from "./idle-checkpoint-moves.ts";
import { keepRunning } from "./keep-running.ts";
import { comparePositions, ORIGIN } from "./position.ts";
import { logReadOf, type LogRead } from "./shared-log.ts";
import { Signal } from "./signal.ts";

/** What a batch came to: where the follower got, and whether the checkpoint was written there. */
export type FollowedBatch = { reached: Position; stored: boolean };

export type LogFollowerOptions = {
  name: string;
  /** The checkpoint the follower keeps its place in. */
  checkpoint: string;
  /**
   * Handles the events after `from`, under the checkpoint's lease when it writes anything (`lockCheckpoints`). A
   * batch with nothing to write may leave the checkpoint where it was (`stored: false`): its move is put off.
   */
  batch: (events: readonly StoredEvent[], from: Position) => Promise<FollowedBatch>;
  /** A put-off move found the checkpoint moved by another copy: what the follower knew as of it is stale. */
  onMoveMissed?: () => void;
  read?: LogRead;
  batchSize?: number;
  /** How often to look at the log without being woken. */
  pollMs?: number;
  /**
   * Once caught up, how long to let appends gather before reading again: for a part nobody waits on by the
   * millisecond, fewer and larger batches leave the database and the thread to the parts people do wait on.
   */
  gatherMs?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/**
 * Follows the log in order from a checkpoint, for a part that is not a projection (the webhook fan-out, the
 * notifier): woken by appends in this process and by the bus telling of other processes' publications, polling as
 * a safety net, and writing the checkpoint moves of batches it had nothing to do in together, soon after.
 */
export class LogFollower {
  private readonly signal = new Signal();
  private readonly idle = new IdleCheckpointMoves();
  private running = false;
  private loop: Promise<void> | null = null;
  private stopHearing: (() => void) | null = null;
  private stopWatchingAppends: (() => void) | null = null;
  private position: Position = ORIGIN;
  /** The checkpoint as last written or read: behind `position` after batches whose move was put off. */
  private stored: Position = ORIGIN;
  /** The newest position appended in this process, or told of by the bus. */
  private appended: Position = ORIGIN;
  /** The last batch reached everything heard of: the next wake starts a new burst of appends. */
  private caughtUp = false;
  lastError: string | null = null;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly db: Kysely<any>,
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    private readonly options: LogFollowerOptions,
  ) {}

  async start(): Promise<void> {
    this.position = (await loadCheckpoint(this.db, this.options.checkpoint))?.position ?? ORIGIN;
    this.stored = this.position;
    this.running = true;
    this.stopWatchingAppends = this.store.onAppended((position) => this.heardOf(position));
    if (this.bus) this.stopHearing = this.bus.onAppendedElsewhere((position) => this.heardOf(position));
    this.loop = keepRunning({
      name: this.options.name,
      step: () => this.step(),
      signal: this.signal,
      running: () => this.running,
      idleMs: () => this.idle.dueInMs ?? this.options.pollMs ?? 1_000,
      onError: (error) => (this.lastError = error),
      log: this.options.log,
    });
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopWatchingAppends?.();
    this.stopHearing?.();
    this.signal.notify();
    await this.loop;
    await this.writeIdle(true).catch(() => {});
  }

  /** An append here or elsewhere: there is more to read. Already heard of, it woke the follower then. */
  private heardOf(position: Position) {
    if (comparePositions(position, this.appended) <= 0) return;
    this.appended = position;
    this.signal.notify();
  }

  /**
   * Handles the next batch. Says whether to look again at once: not after a short batch that reached everything
   * heard of (another read would find nothing), and not when nothing was readable yet.
   */
  private async step(): Promise<boolean> {
    if (this.caughtUp && this.options.gatherMs) await new Promise((resolve) => setTimeout(resolve, this.options.gatherMs));
    this.caughtUp = false;
    await this.writeIdle();
    const size = this.options.batchSize ?? 500;
    const events = await logReadOf(this.store, this.options.read)(this.position, size);
    if (events.length === 0) {
      // Heard of but not yet readable: an older transaction is still open. Look again shortly.
      if (comparePositions(this.position, this.appended) >= 0) {
        this.caughtUp = true;
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      return true;
    }
    const result = await this.options.batch(events, this.position);
    this.position = result.reached;
    if (result.stored) this.stored = result.reached;
    else this.idle.putOff();
    const more = events.length >= size || comparePositions(this.position, this.appended) < 0;
    this.caughtUp = !more;
    return more;
  }

  /**
   * Writes the move put off over batches with nothing to write, when due. Another copy that moved the checkpoint
   * meanwhile keeps its move: the follower learns where it stands, so that its own next move starts from there, and
   * its next batch reads under the lease what the other copy did.
   */
  private async writeIdle(force = false): Promise<void> {
    const move = { name: this.options.checkpoint, version: 0, from: this.stored, to: this.position };
    for (const { moved } of await this.idle.write(this.db, () => [move], force)) {
      if (moved) {
        this.stored = move.to;
        continue;
      }
      this.options.onMoveMissed?.();
      const current = await loadCheckpoint(this.db, this.options.checkpoint);
      if (!current) continue;
      this.stored = current.position;
      if (comparePositions(current.position, this.position) < 0) this.idle.putOff();
    }
  }
}
