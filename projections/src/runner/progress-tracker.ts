import type { Position } from "@procure/contracts";
import { comparePositions, ORIGIN } from "@procure/eventstore";
import type { Projection } from "../projection.ts";

/**
 * Where each of a runner's projections is, and who waits for it to move. Two positions per projection: where the
 * runner has got (`at`), and where its checkpoint stands as the runner last wrote or read it (`storedAt`). The
 * checkpoint is behind after batches none of the projection's events were in: those moves are put off and written
 * together soon after, or carried by the next batch it applies.
 */
export class ProgressTracker {
  private readonly positions = new Map<string, Position>();
  private readonly stored = new Map<string, Position>();
  private readonly waiting = new Set<() => void>();
  private readonly watchers = new Set<() => void>();

  at(name: string): Position {
    return this.positions.get(name) ?? ORIGIN;
  }

  storedAt(name: string): Position {
    return this.stored.get(name) ?? ORIGIN;
  }

  /** The lowest position the given projections have reached. */
  lowest(projections: readonly Projection[]): Position {
    let min: Position | null = null;
    for (const projection of projections) {
      const p = this.at(projection.name);
      if (!min || comparePositions(p, min) < 0) min = p;
    }
    return min ?? ORIGIN;
  }

  /** A projection and its checkpoint are both at `position` (loaded, reset or moved by a statement); tells no one. */
  place(name: string, position: Position): void {
    this.positions.set(name, position);
    this.stored.set(name, position);
  }

  /** A checkpoint was written at `position`. */
  storedTo(name: string, position: Position): void {
    this.stored.set(name, position);
  }

  /** Positions a batch's transaction committed, checkpoints with them, and projections it passed in memory only. */
  settle(positions: ReadonlyMap<string, Position>, { passed, last }: { passed: readonly Projection[]; last: Position }): void {
    for (const [name, position] of positions) this.place(name, position);
    for (const projection of passed) this.positions.set(projection.name, last);
    this.moved();
  }

  /** The projections moved past a batch in memory only: their checkpoints stay behind for now. */
  skipTo(projections: readonly Projection[], last: Position): void {
    for (const projection of projections) this.positions.set(projection.name, last);
    this.moved();
  }

  /** Calls `listener` whenever a projection moves; answers a function that stops it. */
  onProgress(listener: () => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  moved(): void {
    for (const notify of [...this.waiting, ...this.watchers]) notify();
  }

  /** Resolves once `reached()` is at `position`, or after `timeoutMs`; says which. */
  async waitFor(reached: () => Position, position: Position, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (comparePositions(reached(), position) < 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 100));
        this.waiting.add(done);
      });
    }
    return true;
  }
}
