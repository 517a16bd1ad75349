import type { Invalidation, StoredEvent } from "@procure/contracts";
import type { Bus, EventHandler } from "./bus.ts";

/** The embedded default: one process, so delivery is a function call and "durable" means "while running". */
export class MemoryBus implements Bus {
  readonly kind = "memory" as const;
  private readonly consumers = new Map<string, EventHandler>();
  private readonly invalidationHandlers = new Set<(invalidation: Invalidation) => void>();

  async connectionEpoch(): Promise<number> {
    return 0;
  }

  async publishEvents(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      for (const handler of this.consumers.values()) {
        // A consumer's failure is its own: it catches up from Postgres, as after a NATS redelivery.
        await handler(event).catch(() => {});
      }
    }
  }

  async consumeEvents(durable: string, handler: EventHandler) {
    this.consumers.set(durable, handler);
    return { stop: async () => void this.consumers.delete(durable) };
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

  async healthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.consumers.clear();
    this.invalidationHandlers.clear();
  }
}
