import type { AuditEntry } from "@procure/contracts";
import { canonicalJson, GENESIS_HASH, type EventRow } from "@procure/eventstore";

/**
 * One line per event of a request's stream. The readable part (actor, role, action, from, to, time) comes from the
 * timeline; the rest is what an outside script needs to recompute the chain without this product:
 * hash = sha256(previous_hash ‖ canonical_event), with previous_hash of version 1 being 64 zeros, and
 * canonical_event the exact bytes hashed (JSON, keys sorted at every depth, no spaces).
 */
export const auditColumns = [
  "request_id",
  "stream_id",
  "stream_version",
  "event_id",
  "time",
  "actor",
  "actor_id",
  "role",
  "action",
  "from",
  "to",
  "event_type",
  "previous_hash",
  "hash",
  "canonical_event",
] as const;

export function auditLines(requestId: string, rows: readonly EventRow[], timeline: readonly AuditEntry[]): unknown[][] {
  const byEvent = new Map(timeline.map((entry) => [entry.id, entry]));
  let previous = GENESIS_HASH;
  return rows.map((row) => {
    const recorded_at = new Date(row.recorded_at).toISOString();
    const canonical = canonicalJson({
      event_id: row.event_id,
      stream_type: row.stream_type,
      stream_id: row.stream_id,
      stream_version: row.stream_version,
      type: row.type,
      schema_version: row.schema_version,
      data: row.data,
      metadata: row.metadata,
      recorded_at,
    });
    const entry = byEvent.get(row.event_id);
    const metadata = (row.metadata ?? {}) as { actor_email?: string | null; actor_id?: string | null; actor_role?: string | null };
    const line = [
      requestId,
      row.stream_id,
      row.stream_version,
      row.event_id,
      recorded_at,
      entry?.actor_email ?? metadata.actor_email ?? "",
      entry?.actor_id ?? metadata.actor_id ?? "",
      entry?.actor_role ?? metadata.actor_role ?? "",
      entry?.action ?? row.type,
      entry?.from_status ?? "",
      entry?.to_status ?? "",
      row.type,
      previous,
      row.hash,
      canonical,
    ];
    previous = row.hash;
    return line;
  });
}
