import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { comparePositions, ORIGIN, type Bus, type EventStore } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { ProjectionRunner, type RunnerOptions } from "./projection-runner.ts";

export type ProjectionGroup = { name: string; projections: readonly Projection[] };

/**
 * Groups of projections, each followed by a runner of its own (its own loop, transaction, connection and durable
 * consumer), so a slow group never holds the others back. A projection that reads another's table shares its group.
 * A command waits only for the groups holding the projections its answer reads.
 */
export class ProjectionGroups {
  readonly runners: ReadonlyMap<string, ProjectionRunner>;
  readonly projections: readonly Projection[];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    bus: Bus | null,
    groups: readonly ProjectionGroup[],
    private readonly options: RunnerOptions = {},
  ) {
    this.runners = new Map(
      groups.map((group) => [
        group.name,
        new ProjectionRunner(db, store, bus, group.projections, { ...options, durable: `${options.durable ?? "projector"}-${group.name}` }),
      ]),
    );
    this.projections = groups.flatMap((group) => group.projections);
  }

  async start(): Promise<void> {
    for (const runner of this.runners.values()) await runner.start();
  }

  async stop(): Promise<void> {
    for (const runner of this.runners.values()) await runner.stop();
  }

  /** The lowest position every projection has reached. */
  get position(): Position {
    return this.lowest([...this.runners.values()]);
  }

  get lastError(): string | null {
    return [...this.runners.values()].map((r) => r.lastError).find((e) => e !== null) ?? null;
  }

  /** Resolves once the named projections (all, without names) have applied `position`, or after `timeoutMs`. */
  async waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    const results = await Promise.all(this.holding(names).map((runner) => runner.waitFor(position, timeoutMs)));
    return results.every(Boolean);
  }

  /** The lowest position the named projections have reached. */
  positionOf(names?: readonly string[]): Position {
    return this.lowest(this.holding(names));
  }

  async rebuild(name?: string): Promise<void> {
    if (!name) {
      // One read of the log for every projection, while each group's loop waits, rather than one read per group.
      const everything = new ProjectionRunner(this.db, this.store, null, this.projections, this.options);
      const runners = [...this.runners.values()];
      const pausedFrom = (i: number): Promise<void> => (i === runners.length ? everything.rebuild() : runners[i]!.pause(() => pausedFrom(i + 1)));
      await pausedFrom(0);
      return;
    }
    const runner = this.holding([name])[0];
    if (!runner) throw new Error(`No projection named ${name}`);
    await runner.rebuild(name);
  }

  private holding(names?: readonly string[]): ProjectionRunner[] {
    const all = [...this.runners.values()];
    if (!names) return all;
    return all.filter((runner) => runner.projections.some((p) => names.includes(p.name)));
  }

  private lowest(runners: ProjectionRunner[]): Position {
    let min: Position | null = null;
    for (const runner of runners) if (!min || comparePositions(runner.position, min) < 0) min = runner.position;
    return min ?? ORIGIN;
  }
}
