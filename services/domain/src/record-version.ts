import type { NewEvent, StoredEvent } from "@procure/contracts";
import type { LoadedStream } from "./decide-streams.ts";
import type { StreamDecider } from "./stream-decider.ts";

type Versioned = Pick<StreamDecider<unknown, never>, "recordEvents">;

/** Whether an event changes the record a client edits (by default, every event of its stream does). */
const changesRecord = (decider: Versioned, event: StoredEvent | NewEvent) => !decider.recordEvents || decider.recordEvents.includes(event.type);

/** The record's version: the stream version of the last event that changed it. */
export function recordVersionOf(decider: Versioned, events: readonly StoredEvent[]): number {
  return events.findLast((event) => changesRecord(decider, event))?.stream_version ?? 0;
}

/** An edit made on a version of the record other than the one its stream holds now (a stale `If-Match`). */
export class StaleRecordError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly version: number,
    /** The events that changed the record since the version the edit was made on. */
    readonly since: readonly StoredEvent[],
    /** Every event of the stream as the command read it. */
    readonly events: readonly StoredEvent[],
  ) {
    super(`The record is at version ${version}, not ${expected}.`);
  }
}

/** Refuses an edit made on another version of the record than its stream's. */
export function requireRecordVersion(decider: Versioned, streamId: string, loaded: LoadedStream<unknown>, expected: number): void {
  const version = recordVersionOf(decider, loaded.events);
  if (version === expected) return;
  const since = loaded.events.filter((event) => event.stream_version > expected && changesRecord(decider, event));
  throw new StaleRecordError(streamId, expected, version, since, loaded.events);
}
