import type { Invalidation, StoredEvent } from "@procure/contracts";

export type EventHandler = (event: StoredEvent) => Promise<void>;

/**
 * Distribution of committed events and of read-model invalidations. Postgres stays the source of truth;
 * the bus only carries what is already committed there.
 */
export interface Bus {
  readonly kind: "nats" | "memory";
  /** Resolves once every event is acknowledged by the durable stream, in the order given. */
  publishEvents(events: StoredEvent[]): Promise<void>;
  /** A durable consumer with explicit acks: the handler's success acks, a throw leaves it for redelivery. */
  consumeEvents(durable: string, handler: EventHandler): Promise<{ stop: () => Promise<void> }>;
  publishInvalidation(invalidation: Invalidation): void;
  onInvalidation(handler: (invalidation: Invalidation) => void): () => void;
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}
