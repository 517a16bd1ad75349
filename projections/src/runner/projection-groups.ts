import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { comparePositions, ORIGIN, SharedLog, type Bus, type EventStore } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { ApplyTimes } from "./apply-times.ts";
import { databaseTraits } from "./database-traits.ts";
import { ProjectionRunner, type RunnerOptions } from "./projection-runner.ts";
import { Replayer } from "./replayer.ts";
import type { Stall } from "./stalls.ts";

export type ProjectionGroup = { name: string; projections: readonly Projection[] };

/** The groups the product once ran its projections in, each of which had a durable consumer of its own. */
const FORMER_GROUPS = ["requests", "inbox", "purchasing", "catalogue", "automation"];

/**
 * Groups of projections, each followed by a runner of its own (its own loop, transaction and connection). A
 * projection that reads another's table shares its group. The groups share one ordered read of the log and one
 * subscription to what other processes publish, which only wakes them: what they apply comes from Postgres. A
 * command waits only for the groups holding the projections its answer reads. The product runs one group (see
 * `projectionGroups`): one pass, one transaction and one checkpoint claim per batch.
 */
export class ProjectionGroups {
  readonly runners: ReadonlyMap<string, ProjectionRunner>;
  readonly projections: readonly Projection[];
  readonly applyTimes = new ApplyTimes();
  private readonly log: SharedLog;
  private readonly replayer: Replayer;
  private stopHearing: (() => void) | null = null;

  constructor(
    db: Kysely<Database>,
    store: EventStore,
    private readonly bus: Bus | null,
    groups: readonly ProjectionGroup[],
    private readonly options: RunnerOptions & { sharedLog?: SharedLog } = {},
  ) {
    const log = options.sharedLog ?? new SharedLog(store);
    this.log = log;
    const traits = options.traits ?? databaseTraits(db);
    const read = (from: Position, size: number) => log.read(from, size);
    this.runners = new Map(
      groups.map((group) => [
        group.name,
        new ProjectionRunner(db, store, bus, group.projections, { ...options, traits, durable: null, read, applyTimes: this.applyTimes }),
      ]),
    );
    this.projections = groups.flatMap((group) => group.projections);
    this.replayer = new Replayer(db, store, traits, { batchSize: options.rebuildBatchSize, connections: options.replayConnections });
  }

  async start(): Promise<void> {
    for (const runner of this.runners.values()) await runner.start();
    if (this.bus) {
      // Earlier versions followed the bus with durable consumers (one, or one per group): nothing reads those any
      // more. Best effort, in the background: a bus that is down must not hold the projections back.
      const durable = this.options.durable ?? "projector";
      const groups = new Set([...FORMER_GROUPS, ...this.runners.keys()]);
      void this.bus
        .retireConsumers([durable, ...[...groups].map((group) => `${durable}-${group}`)])
        .catch((error: unknown) => this.options.log?.("could not retire old consumers", { error: String(error) }));
      this.stopHearing = this.bus.onAppendedElsewhere((position) => {
        for (const runner of this.runners.values()) runner.heardOf(position);
      });
    }
  }

  async stop(): Promise<void> {
    this.stopHearing?.();
    for (const runner of this.runners.values()) await runner.stop();
  }

  /** The lowest position every projection has reached. */
  get position(): Position {
    return this.lowest([...this.runners.values()]);
  }

  /** The projections set apart because they failed. */
  get stalls(): Stall[] {
    return [...this.runners.values()].flatMap((runner) => runner.stalls);
  }

  get lastError(): string | null {
    return [...this.runners.values()].map((r) => r.lastError).find((e) => e !== null) ?? null;
  }

  /** Resolves once the named projections (all, without names) have applied `position`, or after `timeoutMs`. */
  async waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    const results = await Promise.all(this.holding(names).map((runner) => runner.waitFor(position, timeoutMs, names)));
    return results.every(Boolean);
  }

  /** Calls `listener` whenever any projection moves; answers a function that stops it. */
  onProgress(listener: () => void): () => void {
    const stops = [...this.runners.values()].map((runner) => runner.onProgress(listener));
    return () => stops.forEach((stop) => stop());
  }

  /** The lowest position the named projections have reached. */
  positionOf(names?: readonly string[]): Position {
    let min: Position | null = null;
    for (const runner of this.holding(names)) {
      const at = runner.positionOf(names?.filter((name) => runner.projections.some((p) => p.name === name)));
      if (!min || comparePositions(at, min) < 0) min = at;
    }
    return min ?? ORIGIN;
  }

  /** Replays one projection (with its readers) in its group, or every group together while all their live loops wait. */
  async rebuild(name?: string): Promise<void> {
    if (!name) {
      const runners = [...this.runners.values()];
      const pausedFrom = (i: number): Promise<void> =>
        i === runners.length ? this.replayer.replay(runners.map((runner) => runner.replayPart())) : runners[i]!.pause(() => pausedFrom(i + 1));
      await pausedFrom(0);
      this.log.clear();
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
