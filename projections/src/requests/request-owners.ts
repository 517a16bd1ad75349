import type { Kysely } from "kysely";
import type { Database } from "../tables.ts";
import { inArray } from "../batch.ts";
import type { ApplyContext } from "../projection.ts";

/**
 * The requester of each request, from the requests read model: projections that read it declare
 * `reads: ["requests"]`, so within a batch it already holds every request the batch created.
 */
export async function requestOwners(db: Kysely<Database>, requestIds: readonly string[], context?: ApplyContext): Promise<Map<string, string>> {
  if (requestIds.length === 0) return new Map();
  await context?.flush?.();
  const rows = await db.selectFrom("rm_requests").select(["id", "requester_id"]).where(inArray("id", requestIds)).execute();
  return new Map(rows.map((row) => [row.id, row.requester_id]));
}
