import { PGliteAdapter, type Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { comparePositions, ORIGIN, positionOf, SharedLog, type Bus, type EventStore } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { ProjectionRunner, type RunnerOptions } from "./projection-runner.ts";

export type ProjectionGroup = { name: string; projections: readonly Projection[] };

/** Waits for every task, even when one fails, so that none outlives its caller; then throws the first failure. */
async function settled(work: readonly Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}

/** At most `size` tasks at once, each holding a connection; the others queue in order. */
class Slots {
  private free: number;
  private readonly queue: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await task();
    } finally {
      const waiting = this.queue.shift();
      if (waiting) waiting();
      else this.free++;
    }
  }
}

/**
 * Groups of projections, each followed by a runner of its own (its own loop, transaction and connection), so a slow
 * group never holds the others back. A projection that reads another's table shares its group. The groups share
 * one ordered read of the log and one subscription to what other processes publish, which only wakes them: what
 * they apply comes from Postgres. A command waits only for the groups holding the projections its answer reads.
 */
export class ProjectionGroups {
  readonly runners: ReadonlyMap<string, ProjectionRunner>;
  readonly projections: readonly Projection[];
  private readonly log: SharedLog;
  private stopHearing: (() => void) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    groups: readonly ProjectionGroup[],
    private readonly options: RunnerOptions & { sharedLog?: SharedLog } = {},
  ) {
    const log = options.sharedLog ?? new SharedLog(store);
    this.log = log;
    this.runners = new Map(
      groups.map((group) => [
        group.name,
        new ProjectionRunner(db, store, bus, group.projections, { ...options, durable: null, read: (from, size) => log.read(from, size) }),
      ]),
    );
    this.projections = groups.flatMap((group) => group.projections);
  }

  async start(): Promise<void> {
    for (const runner of this.runners.values()) await runner.start();
    if (this.bus) {
      // Earlier versions followed the bus with durable consumers (one, or one per group): nothing reads those any
      // more. Best effort, in the background: a bus that is down must not hold the projections back.
      const durable = this.options.durable ?? "projector";
      void this.bus
        .retireConsumers([durable, ...[...this.runners.keys()].map((group) => `${durable}-${group}`)])
        .catch((error: unknown) => this.options.log?.("could not retire old consumers", { error: String(error) }));
      this.stopHearing = this.bus.onPublished((position) => {
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

  get lastError(): string | null {
    return [...this.runners.values()].map((r) => r.lastError).find((e) => e !== null) ?? null;
  }

  /** Resolves once the named projections (all, without names) have applied `position`, or after `timeoutMs`. */
  async waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    const results = await Promise.all(this.holding(names).map((runner) => runner.waitFor(position, timeoutMs)));
    return results.every(Boolean);
  }

  /** Calls `listener` whenever any projection moves; answers a function that stops it. */
  onProgress(listener: () => void): () => void {
    const stops = [...this.runners.values()].map((runner) => runner.onProgress(listener));
    return () => stops.forEach((stop) => stop());
  }

  /** The lowest position the named projections have reached. */
  positionOf(names?: readonly string[]): Position {
    return this.lowest(this.holding(names));
  }

  async rebuild(name?: string): Promise<void> {
    if (!name) {
      const runners = [...this.runners.values()];
      const pausedFrom = (i: number): Promise<void> => (i === runners.length ? this.replayAll(runners) : runners[i]!.pause(() => pausedFrom(i + 1)));
      await pausedFrom(0);
      this.log.clear();
      return;
    }
    const runner = this.holding([name])[0];
    if (!runner) throw new Error(`No projection named ${name}`);
    await runner.rebuild(name);
  }

  /**
   * Replays every group from the start of the log, while their live loops wait. One ordered read feeds every
   * projection; each applies each batch in a transaction of its own, on its own connection, as soon as it is done
   * with the batch before and the projections it reads are done with this one, so the slowest projection, not the
   * sum of a group's, sets the pace. A reader may find its source a batch or more ahead: what readers read (a
   * request's owner, its route) is fixed when the request is created. The next batch is read meanwhile, and at most
   * two are in flight, whatever the log's length.
   */
  private async replayAll(runners: readonly ProjectionRunner[]): Promise<void> {
    // Up to the head as it is now. An empty batch before that only means an older transaction (in any database of
    // the server: transaction ids are cluster-wide) is still open, so wait rather than stop short.
    const head = await this.store.headPosition();
    const size = this.options.rebuildBatchSize ?? 5_000;
    const embedded = this.db.getExecutor().adapter instanceof PGliteAdapter;
    const connections = new Slots(embedded ? 1 : (this.options.replayConnections ?? 3));
    const lanes = runners.flatMap((runner) => runner.projections.map((projection) => ({ runner, projection })));
    for (const runner of runners) await runner.beginReplay();
    let previous = new Map<string, Promise<void>>();
    let current = previous;
    let from = ORIGIN;
    try {
      let next = this.store.readAll(from, size);
      while (comparePositions(from, head) < 0) {
        const events = await next;
        if (events.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          next = this.store.readAll(from, size);
          continue;
        }
        const last = positionOf(events.at(-1)!);
        // The next batch is read on another connection while this one is applied; one connection (PGlite) has no
        // other, so there it is read after.
        if (!embedded) {
          next = this.store.readAll(last, size);
          next.catch(() => {});
        }
        current = new Map<string, Promise<void>>();
        // Lanes come in list order, which puts every projection after those it reads.
        for (const { runner, projection } of lanes) {
          const before = [previous.get(projection.name), ...(projection.reads ?? []).map((name) => current.get(name))];
          const task = Promise.all(before).then(() => connections.run(() => runner.replayInto(projection, events, last)));
          task.catch(() => {});
          current.set(projection.name, task);
        }
        await settled([...previous.values()]);
        previous = current;
        if (embedded) {
          await settled([...current.values()]);
          next = this.store.readAll(last, size);
        }
        from = last;
      }
      await settled([...previous.values()]);
      for (const runner of runners) await runner.stepOver(from);
    } finally {
      await Promise.allSettled([...previous.values(), ...current.values()]);
      await settled(runners.map((runner) => runner.endReplay()));
    }
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
