import type { Position, StoredEvent } from "@procure/contracts";
import type { Bus } from "./bus/bus.ts";
import { loadCheckpoint, lockCheckpoints, saveCheckpoint } from "./checkpoints.ts";
import { EventStore } from "./event-store.ts";
import { comparePositions, ORIGIN, positionOf } from "./position.ts";
import { Signal } from "./signal.ts";
import { logReadOf, type LogRead } from "./shared-log.ts";
import { quietTransactions, type QuietTransaction } from "./quiet-transactions.ts";

export type RelayOptions = {
  name?: string;
  batchSize?: number;
  /** How often to look for events appended by other processes. */
  pollMs?: number;
  /** Reads the log (a read shared with the process's other readers); the event store's by default. */
  read?: LogRead;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/** The relay's checkpoint, unless it is given another name. */
export const RELAY_CHECKPOINT = "relay";

/**
 * Publishes committed events in log order and moves its checkpoint only after the bus acknowledged them.
 * A crash between the two re-publishes a batch; the stream's duplicate window drops the repeats.
 */
export class Relay {
  private readonly signal = new Signal();
  private running = false;
  private loop: Promise<void> | null = null;
  private position: Position = ORIGIN;
  /** The newest position appended in this process, or announced by another. */
  private appended: Position = ORIGIN;
  private unsubscribe: (() => void) | null = null;
  /** The bus connection whose content was last checked against the log; another one must be checked first. */
  private verifiedEpoch: number | null = null;
  lastError: string | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly bus: Bus,
    private readonly options: RelayOptions = {},
  ) {}

  get name() {
    return this.options.name ?? RELAY_CHECKPOINT;
  }

  get publishedPosition(): Position {
    return this.position;
  }

  /** How many committed events are not yet acknowledged by the bus (capped, as a health figure). */
  async behind(): Promise<number> {
    const pending = await this.store.readAll(this.position, 10_000);
    return pending.length;
  }

  async start(): Promise<void> {
    this.position = (await loadCheckpoint(this.store.db, this.name))?.position ?? ORIGIN;
    this.running = true;
    const heardOf = (position: Position) => {
      if (comparePositions(position, this.appended) > 0) this.appended = position;
      this.signal.notify();
    };
    const stopWatching = this.store.onAppended(heardOf);
    // The appends other processes announce (an API process of its own) wake it as its own process's do.
    const stopHearing = this.bus.onAppendedElsewhere(heardOf);
    this.unsubscribe = () => {
      stopWatching();
      stopHearing();
    };

    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.signal.notify();
    await this.loop;
  }

  private async run(): Promise<void> {
    let backoff = 250;
    while (this.running) {
      try {
        const published = await this.publishBatch();
        this.lastError = null;
        backoff = 250;
        const behind = comparePositions(this.position, this.appended) < 0;
        // After a short batch that reached every append it knows of, another read would find nothing: an append
        // or an announcement wakes the relay, and the poll finds any other. Appended but not yet readable (an
        // older transaction is still open): look again shortly.
        if (published === 0) await this.signal.wait(behind ? 5 : (this.options.pollMs ?? 200));
        else if (published < (this.options.batchSize ?? 200) && !behind) await this.signal.wait(this.options.pollMs ?? 200);
      } catch (error) {
        this.lastError = String(error);
        this.options.log?.("relay could not publish; retrying", { error: this.lastError, backoffMs: backoff });
        await this.signal.wait(backoff);
        backoff = Math.min(backoff * 2, 5_000);
      }
    }
  }

  /**
   * A single server acknowledges before its disk sync, so a crash can drop acknowledged messages. Rewind to the
   * newest event the stream really holds; what follows is published again (the stream's duplicate window, or the
   * consumers' positions, absorb anything it did keep).
   */
  private async reconcileWithBus(log: EventStore): Promise<void> {
    const lastId = await this.bus.lastPublishedEventId();
    if (lastId === undefined) return;
    const held = lastId === null ? ORIGIN : await log.positionOfEvent(lastId);
    if (held && comparePositions(held, this.position) < 0) {
      this.options.log?.("the bus lost published events; publishing them again", { from: held, was: this.position });
      this.position = held;
      await saveCheckpoint(log.db, this.name, held);
    }
  }

  /**
   * One batch under the checkpoint's row lock, held until the bus acknowledged it: a second relay (two replicas,
   * a rolling deploy) waits, then starts where this one stopped, so it neither re-publishes nor moves the
   * checkpoint backwards, however long either of them stalls.
   */
  /** Publishes the next batch; answers how many events it published. */
  private async publishBatch(): Promise<number> {
    // Read before the lease, where the process's other readers share the read; the lease then checks it starts
    // where this relay left off. (PGlite has one connection, which the lease's transaction holds.)
    const size = this.options.batchSize ?? 200;
    const events = await logReadOf(this.store, this.options.read)(this.position, size);
    if (events.length === 0) return 0;
    const epoch = await this.bus.connectionEpoch();
    // The publication appends nothing: the log's other readers need not wait while it waits for the bus.
    const quiet: QuietTransaction = { xid: null };
    try {
      return await this.publishBatchIn(epoch, quiet, events);
    } finally {
      quietTransactions.end(quiet);
    }
  }

  private publishBatchIn(epoch: number, quiet: QuietTransaction, read: StoredEvent[]): Promise<number> {
    const from = this.position;
    return this.store.db.transaction().execute(async (trx) => {
      // Every read in here goes through the transaction: the embedded database has one connection, held by it.
      const log = new EventStore(trx);
      this.position = (await lockCheckpoints(trx, [this.name], { quiet })).get(this.name)?.position ?? ORIGIN;
      if (epoch !== this.verifiedEpoch) {
        await this.reconcileWithBus(log);
        this.verifiedEpoch = epoch;
      }
      // Another relay moved the checkpoint, or the bus lost events: read again from where the lease says.
      const events = comparePositions(this.position, from) === 0 ? read : await log.readAll(this.position, this.options.batchSize ?? 200);
      if (events.length === 0) return 0;
      await this.bus.publishEvents(events, epoch);
      const next = positionOf(events.at(-1)!);
      await saveCheckpoint(trx, this.name, next);
      this.position = next;
      return events.length;
    });
  }
}
