import { sql, type Kysely } from "kysely";

/**
 * The inbox is personal: one row per thing that waits for one user. The requests and orders it follows keep what
 * deciding who is waited for needs. The workspace-wide request counters it kept before are gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_inbox_requests`.execute(db);
  await sql`create table rm_inbox_requests (
    request_id uuid primary key, requester_id uuid not null, title text not null, status text not null,
    route jsonb not null, stage_index integer, order_id uuid, version integer not null)`.execute(db);
  await sql`create index rm_inbox_requests_pending on rm_inbox_requests (status) where status in ('pending', 'approved')`.execute(db);
  await sql`create table rm_inbox_orders (
    order_id uuid primary key, title text not null, status text not null, version integer not null)`.execute(db);
  await sql`create table rm_inbox_items (
    user_id uuid not null, kind text not null, subject_id uuid not null, title text not null,
    since timestamptz not null, position bigint not null, primary key (user_id, kind, subject_id))`.execute(db);
  await sql`create index rm_inbox_items_subject on rm_inbox_items (subject_id, kind)`.execute(db);
  await sql`create index rm_inbox_items_newest on rm_inbox_items (user_id, since desc)`.execute(db);
  await sql`delete from rm_counters where name like 'requests:%'`.execute(db);
}
