import type { Position, StoredEvent } from "@procure/contracts";
import type { EventStore } from "./event-store.ts";
import { comparePositions, positionOf } from "./position.ts";

type Batch = { from: Position; last: Position; events: readonly StoredEvent[] };

/** Reads the log after a position: the event store's own read, or one shared by the process's readers. */
export type LogRead = (from: Position, size: number) => Promise<StoredEvent[]>;

/** The read a reader was given, else the event store's own. */
export const logReadOf = (store: EventStore, read?: LogRead): LogRead => read ?? ((from, size) => store.readAll(from, size));

/** How many recent batches stay at hand for a runner that is a little behind the others. */
const KEPT = 4;

/** The longest a fresh read waits for the process's appends in flight to land (see AppendsInFlight). */
const SETTLE_MS = 3;

/**
 * One ordered read of the log for a process's readers (projection runners, the relay, the webhook fan-out). Readers
 * woken by the same append ask for the same position at the same moment: the first asks Postgres, the others share
 * its answer, and a reader a batch or two behind takes the part of a recent answer that follows its position. A read
 * answers every event after `from` up to its last one, so any suffix of it is a complete read too. A fresh read
 * first lets the appends this process has in flight land, for a moment at most, so that one read takes them all.
 */
export class SharedLog {
  private readonly inFlight = new Map<string, { size: number; events: Promise<StoredEvent[]> }>();
  private recent: Batch[] = [];

  constructor(private readonly store: EventStore) {}

  read(from: Position, size: number): Promise<StoredEvent[]> {
    for (const batch of this.recent) {
      if (comparePositions(from, batch.from) >= 0 && comparePositions(from, batch.last) < 0) {
        const start = batch.events.findIndex((event) => comparePositions(positionOf(event), from) > 0);
        return Promise.resolve(batch.events.slice(start, start + size));
      }
    }
    const key = `${from.tx}:${from.pos}`;
    const pending = this.inFlight.get(key);
    if (pending && pending.size >= size) return pending.events.then((events) => events.slice(0, size));
    // Registered before it waits, so the readers woken with this one share the read rather than make their own.
    const settled = this.store.appendsInFlight.settled(SETTLE_MS);
    const events = settled ? settled.then(() => this.store.readAll(from, size)) : this.store.readAll(from, size);
    this.inFlight.set(key, { size, events });
    const settle = () => {
      if (this.inFlight.get(key)?.events === events) this.inFlight.delete(key);
    };
    events.then((read) => {
      settle();
      if (read.length > 0) this.recent = [{ from, last: positionOf(read.at(-1)!), events: read }, ...this.recent].slice(0, KEPT);
    }, settle);
    return events;
  }

  /** Forgets what it read: after a rebuild the runners start again from the origin, long past these batches. */
  clear(): void {
    this.recent = [];
  }
}
