import { sql, type Kysely } from "kysely";

/**
 * A request's priority and need-by date, and the approvals queue's order over them with an index, so the queue pages
 * as any list does. The requests projection's new version rebuilds the rows to fill them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_requests add column if not exists priority text not null default 'normal'`.execute(db);
  await sql`alter table rm_requests add column if not exists needed_by text`.execute(db);
  await sql`alter table rm_requests add column if not exists queue_key text not null default ''`.execute(db);
  await sql`create index if not exists rm_requests_sort_priority on rm_requests (queue_key, id)`.execute(db);
}
