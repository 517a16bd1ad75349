import { sql, type Kysely } from "kysely";

/**
 * The audit projection looks up each request's newest timeline row for every batch, a rebuild's too, and a rebuild
 * drops the secondary indexes while it fills the tables: a log whose requests span many batches then scanned the
 * whole, growing timeline once per batch. A timeline holds one row per event of a request's stream, so the lookup's
 * index can be unique, and unique indexes stay through a rebuild. A rebuild stopped before this migration may still
 * list the old index to create again; it is not wanted any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index if not exists rm_request_audit_request_version on rm_request_audit (request_id, stream_version)`.execute(db);
  await sql`drop index if exists rm_request_audit_request`.execute(db);
  await sql`delete from projection_deferred_indexes where index_name = 'rm_request_audit_request'`.execute(db);
}
