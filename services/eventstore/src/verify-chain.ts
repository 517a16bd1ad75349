import type { Kysely } from "kysely";
import type { ChainVerification } from "@procure/contracts";
import { chainHash, GENESIS_HASH } from "./hash-chain.ts";
import type { EventStoreTables } from "./tables.ts";
import { EventStore } from "./event-store.ts";

/** Recomputes a stream's hash chain from the stored rows and names the first event that does not match. */
export async function verifyStreamChain(db: Kysely<EventStoreTables>, streamId: string): Promise<ChainVerification> {
  const rows = await new EventStore(db).readStreamRows(streamId);
  let previous = GENESIS_HASH;
  let expectedVersion = 1;
  for (const row of rows) {
    if (row.stream_version !== expectedVersion) {
      return broken(streamId, rows.length, row, `version ${expectedVersion} is missing`);
    }
    const recomputed = chainHash(previous, { ...row, recorded_at: new Date(row.recorded_at).toISOString() });
    if (recomputed !== row.hash) return broken(streamId, rows.length, row, "hash does not match the event's content");
    previous = row.hash;
    expectedVersion++;
  }
  return { stream_id: streamId, events: rows.length, valid: true, first_broken: null };
}

function broken(streamId: string, events: number, row: { stream_version: number; event_id: string }, reason: string) {
  return {
    stream_id: streamId,
    events,
    valid: false,
    first_broken: { stream_version: row.stream_version, event_id: row.event_id, reason },
  };
}
