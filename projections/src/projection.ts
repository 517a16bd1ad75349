import type { Kysely, RawBuilder } from "kysely";
import type { Audience, EventType, QueryKey, StoredEvent } from "@procure/contracts";
import type { Database } from "./tables.ts";

/** What a projection changed, so the live hub can tell the clients that may see it. */
export type Touch = { keys: QueryKey[]; audience: Audience };

/**
 * How a batch is applied. `once`: by the runner, which hands each event over once, in the transaction that moves
 * the checkpoint past it, so no row reflects any event of the batch yet (a stream that starts in it has no row).
 * `touches`: whether anyone hears of the changes; without, a projection may skip what it looks up only to say who
 * may see them.
 */
export type ApplyContext = {
  once: boolean;
  touches: boolean;
  /**
   * Holds a write whose result nobody reads, to send with the batch's other such writes in one statement before
   * the commit (see `write` in batch.ts).
   */
  later?: (table: string, write: RawBuilder<unknown>) => Promise<void>;
  /** Sends the writes `later` holds: before a projection reads another's table (see `reads`). */
  flush?: () => Promise<void>;
  /**
   * A replay into emptied tables on Postgres: rows that cannot be there yet (one per event) may be streamed in with
   * COPY (see `insertRows` in batch.ts).
   */
  copy?: boolean;
};

export type Projection = {
  name: string;
  /** Bump when `apply` or the tables change: the runner rebuilds the projection from the log on start. */
  version: number;
  /** Tables this projection writes; a rebuild empties them, unless `reset` says how to clear just its rows. */
  tables: readonly (keyof Database & string)[];
  /** For a table shared with other projections: removes only this projection's rows before a rebuild. */
  reset?: (db: Kysely<Database>) => Promise<void>;
  handles: readonly EventType[];
  /**
   * Projections whose tables this one reads; the runner applies each batch to them first. Such reads call the
   * context's `flush` first, so that they see the writes held for later.
   */
  reads?: readonly string[];
  /**
   * Applies a batch of handled events, in log order, with set-based statements: load the rows the batch touches
   * once, fold in memory, write once. Events at or below the projection's checkpoint never reach it.
   */
  apply(db: Kysely<Database>, events: readonly StoredEvent[], context?: ApplyContext): Promise<Touch[]>;
};

/** For a projection whose events are few: applies them one at a time. */
export function oneAtATime(applyOne: (db: Kysely<Database>, event: StoredEvent) => Promise<Touch[] | void>): Projection["apply"] {
  return async (db, events) => {
    const touches: Touch[] = [];
    for (const event of events) {
      const touched = await applyOne(db, event);
      if (touched) touches.push(...touched);
    }
    return touches;
  };
}
