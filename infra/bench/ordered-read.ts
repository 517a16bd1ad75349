import { performance } from "node:perf_hooks";
import { ORIGIN, positionOf, type EventStore } from "@procure/eventstore";
import { runModuleProcess, siblingModule } from "../src/module-worker.ts";

export type OrderedRead = { events: number; ms: number };

/** The rebuild's baseline: the whole log read in order, in batches as large as the rebuild's. */
export async function orderedRead(store: EventStore): Promise<OrderedRead> {
  const started = performance.now();
  let events = 0;
  for (let at = ORIGIN; ;) {
    const batch = await store.readAll(at, 5_000);
    if (batch.length === 0) break;
    events += batch.length;
    at = positionOf(batch.at(-1)!);
  }
  return { events, ms: performance.now() - started };
}

/**
 * `orderedRead` from a process of its own when the database is a server: the garbage of reading the whole log is
 * the bench's, not the server's, whose memory is measured right after. The embedded database lives in the process.
 */
export async function orderedReadApart(store: EventStore, databaseUrl: string | null): Promise<OrderedRead> {
  if (!databaseUrl) return orderedRead(store);
  const stdout = await runModuleProcess(siblingModule(import.meta.url, "ordered-read-process"), [databaseUrl]);
  return JSON.parse(stdout) as OrderedRead;
}
