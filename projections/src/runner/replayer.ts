import { sql, type Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import { advanceCheckpoints, comparePositions, lockCheckpoints, ORIGIN, positionOf, resetCheckpoint, type EventStore } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { checkpointName, handledBy, type BatchApplier } from "./batch-applier.ts";
import type { DatabaseTraits } from "./database-traits.ts";
import { deferIndexes, restoreIndexes } from "./deferred-indexes.ts";
import type { ProgressTracker } from "./progress-tracker.ts";

/** Projections of one runner to replay, with the runner's progress and batch applier. */
export type ReplayPart = { projections: readonly Projection[]; progress: ProgressTracker; applier: BatchApplier };

export type ReplayOptions = {
  /** Events per batch: large, since nobody waits on a replay's individual events (5,000). */
  batchSize?: number;
  /** How many projections apply a batch at once, each in a transaction on a connection of its own (3). */
  connections?: number;
};

/** Empties a projection's rows and puts its checkpoint back at the start of the log, in one transaction. */
export async function resetProjection(db: Kysely<Database>, projection: Projection, progress: ProgressTracker): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Taken before the deletes, so a live copy's batch waits for the reset rather than deadlocking with it.
    await lockCheckpoints(trx, [checkpointName(projection)]);
    if (projection.reset) await projection.reset(trx);
    // Truncated rather than deleted: a replay into tables full of dead rows checks every key against them.
    else await sql`truncate table ${sql.join(projection.tables.map((table) => sql.table(table)))}`.execute(trx);
    await resetCheckpoint(trx, checkpointName(projection), projection.version);
  });
  progress.place(projection.name, ORIGIN);
}

export const tablesOf = (projections: readonly Projection[]): string[] => [...new Set(projections.flatMap((p) => p.tables))];

/**
 * Empties projections and replays them from the start of the log, while their live loops wait (the caller holds
 * their turns). One ordered read feeds every projection; each applies each batch in a transaction of its own, on
 * its own connection, as soon as it is done with the batch before and the projections it reads are done with this
 * one, so the slowest projection, not the sum of a runner's, sets the pace. A reader may find its source a batch or
 * more ahead: what readers read (a request's owner, its route) is fixed when the request is created. The next batch
 * is read meanwhile, and at most two are in flight, whatever the log's length.
 */
export class Replayer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly traits: DatabaseTraits,
    private readonly options: ReplayOptions = {},
  ) {}

  async replay(parts: readonly ReplayPart[]): Promise<void> {
    // Up to the head as it is now. An empty batch before that only means an older transaction (in any database of
    // the server: transaction ids are cluster-wide) is still open, so wait rather than stop short.
    const head = await this.store.headPosition();
    const size = this.options.batchSize ?? 5_000;
    const readAhead = this.traits.manyConnections;
    const connections = new Slots(readAhead ? (this.options.connections ?? 3) : 1);
    const lanes = parts.flatMap((part) => part.projections.map((projection) => ({ part, projection })));
    for (const part of parts) await this.begin(part);
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
        // The next batch is read on another connection while this one is applied; one connection has no other, so
        // there it is read after.
        if (readAhead) {
          next = this.store.readAll(last, size);
          next.catch(() => {});
        }
        current = new Map<string, Promise<void>>();
        // Lanes come in list order, which puts every projection after those it reads.
        for (const { part, projection } of lanes) {
          const before = [previous.get(projection.name), ...(projection.reads ?? []).map((name) => current.get(name))];
          const task = Promise.all(before).then(() => connections.run(() => this.applyOne(part, projection, events, last)));
          task.catch(() => {});
          current.set(projection.name, task);
        }
        await settled([...previous.values()]);
        previous = current;
        if (!readAhead) {
          await settled([...current.values()]);
          next = this.store.readAll(last, size);
        }
        from = last;
      }
      await settled([...previous.values()]);
      for (const part of parts) await this.stepOver(part, from);
    } finally {
      await Promise.allSettled([...previous.values(), ...current.values()]);
      await settled(parts.map((part) => this.end(part)));
    }
  }

  /**
   * Empties the part's tables for a replay from the start of the log. Rows go in faster without the secondary
   * indexes, which `end` builds once, from sorted input.
   */
  private async begin({ projections, progress }: ReplayPart): Promise<void> {
    for (const projection of projections) await resetProjection(this.db, projection, progress);
    await this.db.transaction().execute(async (trx) => {
      // As in `resetProjection`: a live copy's batch, which claims these checkpoints before it writes, finishes or
      // waits before the indexes go, rather than holding one table while the drops hold another.
      await lockCheckpoints(trx, projections.map(checkpointName));
      await deferIndexes(trx, tablesOf(projections));
    });
  }

  /**
   * The batch ending at `last` applied to one projection, in a transaction of its own. A batch it handles nothing of
   * changes nothing, not even its checkpoint: its next batch moves the checkpoint over both, and `stepOver` moves it
   * at the end.
   */
  private async applyOne({ progress, applier }: ReplayPart, projection: Projection, events: readonly StoredEvent[], last: Position): Promise<void> {
    const handled = handledBy(projection);
    if (!events.some((event) => handled.has(event.type))) return;
    await applier.apply([projection], events, progress.at(projection.name), last, { once: true, touches: false, copy: this.traits.copyFromClient });
  }

  /** Moves the checkpoints a replay's last batches had nothing for to `last`, where the replay ended. */
  private async stepOver({ projections, progress }: ReplayPart, last: Position): Promise<void> {
    for (const projection of projections) {
      const at = progress.at(projection.name);
      if (comparePositions(at, last) >= 0) continue;
      if (await advanceCheckpoints(this.db, [{ name: checkpointName(projection), version: projection.version }], at, last))
        progress.place(projection.name, last);
    }
    progress.moved();
  }

  /** Builds the indexes `begin` left out, and brings the tables' statistics up to date. */
  private async end({ projections }: ReplayPart): Promise<void> {
    const tables = tablesOf(projections);
    await restoreIndexes(this.db, tables);
    // Every row of these tables is new: fresh statistics keep the planner on the indexes the reads rely on, and
    // a vacuum marks the pages all-visible now rather than leaving it to an autovacuum racing the first reads.
    for (const table of tables) {
      await (this.traits.vacuum ? sql`vacuum (analyze) ${sql.table(table)}` : sql`analyze ${sql.table(table)}`).execute(this.db);
    }
  }
}

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
