import { sql } from "kysely";
import type { EventRow } from "@procure/eventstore";
import { listAuditOf } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { auditColumns, auditLines } from "./audit-rows.ts";
import { csvRecords } from "../../http/csv.ts";

/** How many timelines are read at once: memory stays bounded however long the range. */
const STREAMS_PER_READ = 500;

/**
 * Every request timeline with an event in [from, end), whole (each from version 1, so the chain can be recomputed
 * from the file alone), as CSV text in pieces: the ids in one read, then the events and timelines of a few hundred
 * requests per read, in stream order.
 */
export async function* requestTimelinesCsv(deps: AppDeps, from: string, end: string): AsyncGenerator<string> {
  yield csvRecords([auditColumns]);
  const { rows: streams } = await sql<{ stream_id: string }>`select distinct stream_id from events
    where stream_type = 'request' and recorded_at >= ${from}::timestamptz and recorded_at < ${end}::timestamptz
    order by stream_id`.execute(deps.db);
  for (let i = 0; i < streams.length; i += STREAMS_PER_READ) {
    const streamIds = streams.slice(i, i + STREAMS_PER_READ).map((s) => s.stream_id);
    const [{ rows }, timelines] = await Promise.all([
      sql<EventRow>`select event_id::text as event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata,
          recorded_at, hash
        from events where stream_id = any(${streamIds}::text[]) order by stream_id, stream_version`.execute(deps.db),
      listAuditOf(
        deps.db,
        streamIds.map((id) => id.slice("request-".length)),
      ),
    ]);
    const eventsOf = groupBy(rows, (row) => row.stream_id);
    const timelineOf = groupBy(timelines, (entry) => entry.request_id);
    yield csvRecords(
      streamIds.flatMap((streamId) => {
        const requestId = streamId.slice("request-".length);
        return auditLines(requestId, eventsOf.get(streamId) ?? [], timelineOf.get(requestId) ?? []);
      }),
    );
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
