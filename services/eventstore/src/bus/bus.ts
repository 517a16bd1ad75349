import type { Invalidation, Position, StoredEvent } from "@procure/contracts";

/**
 * Distribution of committed events and of read-model invalidations. Postgres stays the source of truth;
 * the bus only carries what is already committed there.
 */
export interface Bus {
  readonly kind: "nats" | "memory";
  /**
   * The publishing connection's generation, connecting if needed. A new generation means a new connection, and
   * possibly a server that lost what it acknowledged: the relay reconciles before publishing on it.
   */
  connectionEpoch(): Promise<number>;
  /**
   * Resolves once every event is acknowledged by the durable stream, in the order given. Fails, rather than
   * reconnecting, if the connection of `epoch` is gone, so nothing is published after a gap.
   */
  publishEvents(events: StoredEvent[], epoch: number): Promise<void>;
  /**
   * Tells where the log stands as other processes append (each announces its appends): a wake-up for this process's
   * readers, which read the log itself from Postgres. A hint only: one missed (the bus was down, or a process of an
   * earlier version that did not announce) is found by their polls.
   */
  onAppendedElsewhere(handler: (position: Position) => void): () => void;
  /**
   * Tells the other processes' readers where the log stands after an append of this process, before any relay
   * publishes it: a hint only, as `onAppendedElsewhere` hears it.
   */
  announceAppended(position: Position): void;
  /** Deletes durable consumers nothing reads any more, so the server stops keeping their backlog; unknown names are fine. */
  retireConsumers(durables: readonly string[]): Promise<void>;
  /**
   * The id of the newest event the durable stream holds, or null when it holds none; undefined for a bus that
   * keeps nothing. A server that lost acknowledged writes (a crash before its disk sync) shows it here.
   */
  lastPublishedEventId(): Promise<string | null | undefined>;
  publishInvalidation(invalidation: Invalidation): void;
  onInvalidation(handler: (invalidation: Invalidation) => void): () => void;
  /**
   * Called after the subscribing connection came back from an outage: invalidations sent meanwhile are lost, so
   * whoever relays them tells its listeners to refetch.
   */
  onReconnect(handler: () => void): () => void;
  /**
   * Tells every process, this one included, that a user's sessions or role changed (a logout, a role change), so
   * each re-checks that user's live sockets against the credentials. Only the id travels and nothing is kept: a
   * listener trusts no more than "user X changed".
   */
  announceUserChanged(userId: string): void;
  onUserChanged(handler: (userId: string) => void): () => void;
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}
