import { sql, type Kysely } from "kysely";

/**
 * The Requests screen shows the latest submission, and the approvals queue pages pending requests oldest first:
 * index probes and ordered scans instead of sorts, whatever the size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rm_requests_created on rm_requests (created_at desc)`.execute(db);
  await sql`create index if not exists rm_requests_requester_created on rm_requests (requester_id, created_at desc)`.execute(db);
  await sql`create index if not exists rm_requests_status_created on rm_requests (status, created_at, id)`.execute(db);
}
