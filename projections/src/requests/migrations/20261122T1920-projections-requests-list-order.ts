import { sql, type Kysely } from "kysely";

/**
 * The requests list pages newest first by (updated_at, id), unfiltered or by status or requester: indexes in that
 * order let a page cost the same at 100,000 requests as at 1,000 instead of sorting them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rm_requests_recent on rm_requests (updated_at desc, id desc)`.execute(db);
  await sql`create index if not exists rm_requests_status_recent on rm_requests (status, updated_at desc, id desc)`.execute(db);
  await sql`create index if not exists rm_requests_requester_recent on rm_requests (requester_id, updated_at desc, id desc)`.execute(db);
  await sql`drop index if exists rm_requests_status`.execute(db);
  await sql`drop index if exists rm_requests_requester`.execute(db);
}
