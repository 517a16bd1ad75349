import { sql } from "kysely";
import type { StoredEvent } from "@procure/contracts";
import type { HashedFields } from "./hash-chain.ts";
import { upcast } from "./upcasters.ts";

/** The columns every read of the log selects, in the shape of `EventRow`. */
export const eventColumns = sql`event_id::text as event_id, stream_type, stream_id, stream_version, type, schema_version,
  data, metadata, recorded_at, transaction_id::text as transaction_id, global_position::text as global_position, hash`;

/** A row as stored: the hashed fields plus where it sits in the log. */
export type EventRow = HashedFields & { transaction_id: string; global_position: string; hash: string };

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function toStoredEvent(row: EventRow): StoredEvent {
  const recorded = row.recorded_at as unknown;
  // The driver's type parsers already give the ISO form; anything else (a Date, another offset) is normalized.
  const iso = typeof recorded === "string" && ISO_UTC.test(recorded) ? recorded : new Date(recorded as string).toISOString();
  return upcast({ ...row, recorded_at: iso } as unknown as StoredEvent);
}
