import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json.ts";

export const GENESIS_HASH = "0".repeat(64);

export type HashedFields = {
  event_id: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
};

/** hash = sha256(previous hash of the stream ‖ canonical JSON of the event). */
export function chainHash(previousHash: string, event: HashedFields): string {
  const body = canonicalJson({
    event_id: event.event_id,
    stream_type: event.stream_type,
    stream_id: event.stream_id,
    stream_version: event.stream_version,
    type: event.type,
    schema_version: event.schema_version,
    data: event.data,
    metadata: event.metadata,
    recorded_at: event.recorded_at,
  });
  return createHash("sha256").update(previousHash).update(body).digest("hex");
}
