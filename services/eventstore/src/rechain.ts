import { sql, type Kysely } from "kysely";
import { chainHash, GENESIS_HASH, type HashedFields } from "./hash-chain.ts";

/**
 * Recomputes the hash chain of the given streams from their stored rows. Only for documented one-off migrations
 * that must rewrite stored events (removing a secret that should never have been logged); anything else that
 * re-chains a stream is tampering, which the global anchors are there to expose.
 */
export async function rechainStreams(db: Kysely<unknown>, streamIds: string[]): Promise<number> {
  let rewritten = 0;
  for (const streamId of streamIds) {
    const { rows } = await sql<HashedFields>`select event_id::text as event_id, stream_type, stream_id, stream_version, type,
      schema_version, data, metadata, recorded_at from events where stream_id = ${streamId} order by stream_version`.execute(db);
    let previous = GENESIS_HASH;
    for (const row of rows) {
      previous = chainHash(previous, { ...row, recorded_at: new Date(row.recorded_at).toISOString() });
      await sql`update events set hash = ${previous} where event_id = ${row.event_id}::uuid`.execute(db);
      rewritten++;
    }
  }
  return rewritten;
}
