import type { Position } from "@procure/contracts";
import { comparePositions, ORIGIN } from "@procure/eventstore";
import type { Projection } from "@procure/projections";

/** A command that names a read model nobody runs would wait for nothing: a misspelt name fails every call at once. */
export function requireKnown(projections: readonly Projection[], names: readonly string[] | undefined) {
  const unknown = names?.filter((name) => !projections.some((p) => p.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`No projection is named ${unknown.join(", ")}`);
}

/**
 * Each projection's position as last reported from where the projections run (a thread, another process), and
 * the commands waiting for some of them to reach a point of the log.
 */
export class ProjectionPositions {
  private readonly positions = new Map<string, Position>();
  /** Each waiting command's check, with the position it waits for. */
  private readonly waiters = new Map<() => void, Position>();

  constructor(private readonly projections: readonly Projection[]) {}

  get waiting(): boolean {
    return this.waiters.size > 0;
  }

  /** Takes the positions of the projections that moved; the others stay where they were last reported. */
  update(positions: Iterable<[string, Position]>): void {
    for (const [name, position] of positions) this.positions.set(name, position);
    for (const check of [...this.waiters.keys()]) check();
  }

  /** The furthest point of the log a command waits for, or null when none waits. */
  furthestAwaited(): Position | null {
    let max: Position | null = null;
    for (const position of this.waiters.values()) if (!max || comparePositions(position, max) > 0) max = position;
    return max;
  }

  /** The lowest position the named projections (all, without names) have reached. */
  lowest(names?: readonly string[]): Position {
    let min: Position | null = null;
    for (const projection of this.projections) {
      if (names && !names.includes(projection.name)) continue;
      const at = this.positions.get(projection.name) ?? ORIGIN;
      if (!min || comparePositions(at, min) < 0) min = at;
    }
    return min ?? ORIGIN;
  }

  /**
   * Resolves true once the named projections have applied `position`, false after `timeoutMs`. With `fresh`, what
   * is known now does not count: only an update from here on can answer (positions go back during a rebuild).
   */
  waitFor(position: Position, timeoutMs: number, names: readonly string[] | undefined, fresh = false): Promise<boolean> {
    requireKnown(this.projections, names);
    const reached = () => comparePositions(this.lowest(names), position) >= 0;
    if (!fresh && reached()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const settle = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      const check = () => {
        if (reached()) settle(true);
      };
      const timer = setTimeout(() => settle(false), timeoutMs);
      this.waiters.set(check, position);
    });
  }
}
