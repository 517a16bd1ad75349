import type { Invalidation, StoredEvent } from "@procure/contracts";
import type { Bus, EventHandler } from "./bus.ts";

/** The embedded default: one process, so delivery is a function call and "durable" means "while running". */
export class MemoryBus implements Bus {
  readonly kind = "memory" as const;
  /** Each consumer's deliveries chain on its own tail: in order, and never inside the publisher's call. */
  private readonly consumers = new Map<string, { handler: EventHandler; tail: Promise<void> }>();
  private readonly invalidationHandlers = new Set<(invalidation: Invalidation) => void>();

  async connectionEpoch(): Promise<number> {
    return 0;
  }

  /**
   * Like a stream's acknowledgement, publishing does not wait for consumers: the relay publishes inside its
   * checkpoint's transaction, and a consumer that waits on the database must not wait on that transaction.
   */
  async publishEvents(events: StoredEvent[]): Promise<void> {
    for (const consumer of this.consumers.values()) {
      consumer.tail = consumer.tail.then(async () => {
        // A consumer's failure is its own: it catches up from Postgres, as after a NATS redelivery.
        for (const event of events) await consumer.handler(event).catch(() => {});
      });
    }
  }

  async consumeEvents(durable: string, handler: EventHandler) {
    this.consumers.set(durable, { handler, tail: Promise.resolve() });
    return { stop: async () => void this.consumers.delete(durable) };
  }

  async retireConsumers(durables: readonly string[]): Promise<void> {
    for (const durable of durables) this.consumers.delete(durable);
  }

  async lastPublishedEventId(): Promise<undefined> {
    return undefined;
  }

  publishInvalidation(invalidation: Invalidation): void {
    for (const handler of this.invalidationHandlers) handler(invalidation);
  }

  onInvalidation(handler: (invalidation: Invalidation) => void): () => void {
    this.invalidationHandlers.add(handler);
    return () => this.invalidationHandlers.delete(handler);
  }

  /** An in-process bus has no outages. */
  onReconnect(): () => void {
    return () => {};
  }

  async healthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.consumers.clear();
    this.invalidationHandlers.clear();
  }
}
