import type { Invalidation } from "@procure/contracts";
import type { Bus } from "./bus.ts";

/** The embedded default: one process, whose readers hear of its appends directly; publishing keeps nothing. */
export class MemoryBus implements Bus {
  readonly kind = "memory" as const;
  private readonly invalidationHandlers = new Set<(invalidation: Invalidation) => void>();
  private readonly userChangedHandlers = new Set<(userId: string) => void>();

  async connectionEpoch(): Promise<number> {
    return 0;
  }

  /** Nobody else reads it: the process's own readers are woken by its appends. */
  async publishEvents(): Promise<void> {}

  /** No other process publishes to an in-process bus. */
  onAppendedElsewhere(): () => void {
    return () => {};
  }

  /** Nobody else hears an in-process bus. */
  announceAppended(): void {}

  async retireConsumers(): Promise<void> {}

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

  announceUserChanged(userId: string): void {
    for (const handler of this.userChangedHandlers) handler(userId);
  }

  onUserChanged(handler: (userId: string) => void): () => void {
    this.userChangedHandlers.add(handler);
    return () => this.userChangedHandlers.delete(handler);
  }

  async healthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.invalidationHandlers.clear();
    this.userChangedHandlers.clear();
  }
}
