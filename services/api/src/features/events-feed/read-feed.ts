import { sql, type Kysely } from "kysely";
import { readableHorizon } from "@procure/eventstore";
import { publicNameOf, publicPayloadOf, type EventFeedItem, type EventType, type Position } from "@procure/contracts";
import { encodeFeedCursor } from "./feed-cursor.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Public events after `after` in log order, never past the readable horizon (as every log reader), so a row
 * committed late by a slow writer is never skipped by a client paging ahead of it.
 */
export async function readFeed(db: AnyDb, after: Position, types: readonly EventType[], limit: number): Promise<EventFeedItem[]> {
  const { rows } = await sql<{ event_id: string; type: string; data: unknown; recorded_at: string; tx: string; pos: string }>`
    select event_id::text as event_id, type, data, recorded_at, transaction_id::text as tx, global_position::text as pos from events
    where (transaction_id, global_position) > (${after.tx}::xid8, ${after.pos}::bigint)
      and transaction_id < ${readableHorizon()}
      and type = any(${types as string[]}::text[])
    order by transaction_id, global_position
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    id: row.event_id,
    type: publicNameOf(row.type)!,
    timestamp: new Date(row.recorded_at).toISOString(),
    data: publicPayloadOf(row.type, row.data) ?? {},
    cursor: encodeFeedCursor({ tx: row.tx, pos: row.pos }),
  }));
}
