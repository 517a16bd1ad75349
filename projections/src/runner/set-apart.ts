import type { Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import { comparePositions, positionOf, Signal, type Bus, type LogRead } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { Failure, type BatchApplier } from "./batch-applier.ts";
import { mergeTouches } from "./merge-touches.ts";
import type { ProgressTracker } from "./progress-tracker.ts";
import { clearStalls, recordStall, type Stall } from "./stalls.ts";
import type { Turns } from "./turns.ts";

/** The first wait after a failed attempt, and the longest: a fixed projection is back within a minute. */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

export type SetApartParts = {
  db: Kysely<Database>;
  bus: Bus | null;
  read: LogRead;
  applier: BatchApplier;
  progress: ProgressTracker;
  turns: Turns;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/**
 * A projection that failed on a batch of the main pass (with the projections that read its tables), on a runner of
 * its own from its own checkpoint, so that it never holds the others. It narrows a failing batch down to the one
 * event it cannot apply (halving the batch until it holds one), records the stall where health and metrics find it,
 * and tries again with a backoff (RETRY_FIRST_MS doubling to RETRY_MAX_MS). Once it is back where the main pass is,
 * it rejoins it. Its batches take turns with the main pass's, so the two never apply the same rows at once.
 */
export class SetApart {
  private readonly signal = new Signal();
  private running = false;
  private loop: Promise<void> | null = null;
  /** The stall as last recorded; null while it has not failed on its own yet. */
  stall: Stall | null = null;

  constructor(
    readonly projections: readonly Projection[],
    private readonly first: Failure,
    private readonly parts: SetApartParts,
    private readonly main: { position(): Position; rejoin(lane: SetApart): void },
    private readonly batchSize: number,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.signal.notify();
    await this.loop;
  }

  private async run(): Promise<void> {
    let size = this.batchSize;
    let backoff = RETRY_FIRST_MS;
    while (this.running) {
      const step = await this.parts.turns.take(() => this.step(size)).catch((error: unknown) => new Failure(this.first.projection, [], error));
      if (step === "rejoined") return;
      if (!(step instanceof Failure)) {
        size = Math.min(size * 2, this.batchSize);
        backoff = RETRY_FIRST_MS;
        continue;
      }
      // The events a failure names are those of the batch its projection handles.
      const event = step.events.length === 1 ? step.events[0]! : null;
      if (!event && size > 1) {
        // Which event of the batch fails is not known yet: halve the batch, at once, until it holds one.
        size = Math.ceil(size / 2);
        if (!this.stall) await this.record(step, null);
        continue;
      }
      await this.record(step, event);
      await this.signal.wait(backoff);
      backoff = Math.min(backoff * 2, RETRY_MAX_MS);
    }
  }

  /** One batch of at most `size` events; answers the failure, or whether it rejoined the main pass. */
  private async step(size: number): Promise<Failure | "rejoined" | "applied"> {
    const { progress, applier, bus } = this.parts;
    const from = progress.lowest(this.projections);
    const events = await this.parts.read(from, size);
    if (events.length > 0) {
      const last = positionOf(events.at(-1)!);
      const { touches, failed } = await applier.apply(this.projections, events, from, last, { once: true, touches: true }, { isolate: true });
      if (failed[0]) return failed[0];
      if (bus) for (const invalidation of mergeTouches(touches, last)) bus.publishInvalidation(invalidation);
    }
    if (events.length > 0 && comparePositions(progress.lowest(this.projections), this.main.position()) < 0) return "applied";
    // At the head of what can be read, or where the main pass is: within its turn, so the main pass is between batches.
    this.running = false;
    if (this.stall)
      await clearStalls(
        this.parts.db,
        this.projections.map((p) => p.name),
      ).catch(() => {});
    this.parts.log?.("a projection set apart caught up; it rejoins the main pass", { projections: this.projections.map((p) => p.name) });
    this.main.rejoin(this);
    return "rejoined";
  }

  private async record(failure: Failure, event: StoredEvent | null): Promise<void> {
    const error = failure.error;
    this.parts.log?.("a projection failed; it is set apart and retried", {
      projection: failure.projection.name,
      event: event ? { ...positionOf(event), type: event.type } : null,
      error: String(error),
    });
    this.stall = await recordStall(this.parts.db, failure.projection.name, event, error).catch(() => this.stall);
  }
}
