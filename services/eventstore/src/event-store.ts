import type { Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import { AppendsInFlight } from "./appends-in-flight.ts";
import { Appender, type AppendOptions, type AppendResult, type StreamAppend } from "./appender.ts";
import type { EventRow } from "./event-rows.ts";
import { IdempotencyStore } from "./idempotency-store.ts";
import { LogReader } from "./log-reader.ts";
import { comparePositions } from "./position.ts";
import { StreamHeads } from "./stream-heads.ts";
import type { EventStoreTables } from "./tables.ts";

export type { AppendOptions, AppendResult, StreamAppend } from "./appender.ts";
export type { IdempotencyClaim } from "./idempotency-store.ts";
export { toStoredEvent, type EventRow } from "./event-rows.ts";

/**
 * The log as the rest of the product sees it: the appender writes, the reader reads, the idempotency store keeps
 * what became of retried commands, and listeners hear of each append made in this process. The reader and the
 * appender share what they learnt of streams' heads.
 */
export class EventStore {
  private readonly listeners = new Set<(position: Position) => void>();
  private readonly ownListeners = new Set<(position: Position) => void>();
  private readonly appender: Appender;
  private readonly reader: LogReader;
  readonly idempotency: IdempotencyStore;
  readonly db: Kysely<EventStoreTables>;

  /**
   * Takes any database that includes the event store's tables (the app's also holds the read models), and the
   * process's count of appends in flight when another thread's store shares it.
   */
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    readonly appendsInFlight: AppendsInFlight = AppendsInFlight.counter(),
  ) {
    this.db = db as Kysely<EventStoreTables>;
    const heads = new StreamHeads();
    this.appender = new Appender(this.db, heads);
    this.reader = new LogReader(this.db, heads);
    this.idempotency = new IdempotencyStore(this.db);
  }

  /** Called after every commit in this process, so the local relay can publish without waiting for a poll. */
  onAppended(listener: (position: Position) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called after every commit made through this store, not for appends `announceAppended` tells of: what this
   * process must tell the others (they hear of the rest from whoever made them).
   */
  onAppendedHere(listener: (position: Position) => void): () => void {
    this.ownListeners.add(listener);
    return () => this.ownListeners.delete(listener);
  }

  /**
   * Tells this store's listeners of an append made through another store over the same database (the API's, seen
   * from the background thread), so they wake as for one of its own.
   */
  announceAppended(position: Position): void {
    for (const listener of this.listeners) listener(position);
  }

  /** See `Appender.append`; counted as in flight while it runs, and announced once committed. */
  async append(appends: StreamAppend[], options: AppendOptions): Promise<AppendResult> {
    this.appendsInFlight.begin();
    let result: AppendResult;
    try {
      result = await this.appender.append(appends, options);
    } finally {
      this.appendsInFlight.end();
    }
    this.announceAppended(result.position);
    for (const listener of this.ownListeners) listener(result.position);
    return result;
  }

  readStream(streamId: string, upTo?: number): Promise<StoredEvent[]> {
    return this.reader.readStream(streamId, upTo);
  }

  readStreamRows(streamId: string, upTo?: number): Promise<EventRow[]> {
    return this.reader.readStreamRows(streamId, upTo);
  }

  readAll(after: Position, limit?: number): Promise<StoredEvent[]> {
    return this.reader.readAll(after, limit);
  }

  positionOfEvent(eventId: string): Promise<Position | null> {
    return this.reader.positionOfEvent(eventId);
  }

  countEvents(): Promise<number> {
    return this.reader.countEvents();
  }

  headPosition(): Promise<Position> {
    return this.reader.headPosition();
  }
}

export { comparePositions };
