import type { StoredEvent } from "@procure/contracts";
import type { AppendResult, EventStore } from "@procure/eventstore";

/** The events of a stream as the command read them before deciding; null for a stream it did not read. */
export type DecidedOn = (streamId: string) => readonly StoredEvent[] | null;

/** A record a command answers with, kept by a projection that folds the record's own stream into one row. */
export type FoldedRecord<Row extends { version: number }> = {
  streamId: string;
  /** The projection's own fold, the one its `apply` stores: the answer and the row can never disagree. */
  fold: (events: readonly StoredEvent[]) => Row | null;
  /** The projection's row, when it has one. */
  stored: () => Promise<Row | null>;
};

/**
 * The record as the command left it, the one way every command answers before its read model may have caught up:
 * the projection's fold over the events the command decided on and appended. A replay decided on nothing: the
 * row once it has reached the version the command appended, else the same fold over the stream read again.
 */
export async function asWritten<Row extends { version: number }>(
  store: EventStore,
  result: AppendResult,
  decidedOn: DecidedOn,
  record: FoldedRecord<Row>,
): Promise<Row | null> {
  const mine = result.events.filter((event) => event.stream_id === record.streamId);
  const before = decidedOn(record.streamId);
  if (before) return record.fold([...before, ...mine]);
  const appended = Math.max(0, ...mine.map((event) => event.stream_version));
  const row = await record.stored();
  if (row && row.version >= appended) return row;
  return record.fold(await store.readStream(record.streamId));
}
