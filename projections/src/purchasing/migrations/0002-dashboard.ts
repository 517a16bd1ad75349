import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_dash_requests (
    id uuid primary key, requester_id text not null, title text not null, amount numeric(14, 2) not null, status text not null,
    category_key text not null, category_name text, po_number text, version integer not null,
    created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  // The dashboard lists the five latest requests, or the five latest approved ones still without an order.
  await sql`create index rm_dash_requests_recent on rm_dash_requests (updated_at desc, id desc)`.execute(db);
  await sql`create index rm_dash_requests_recent_own on rm_dash_requests (requester_id, updated_at desc, id desc)`.execute(db);
  await sql`create index rm_dash_requests_ready on rm_dash_requests (updated_at desc, id desc)
    where status = 'approved' and po_number is null`.execute(db);
  await sql`create index rm_dash_requests_ready_own on rm_dash_requests (requester_id, updated_at desc, id desc)
    where status = 'approved' and po_number is null`.execute(db);
  await sql`create table rm_dash_request_totals (
    scope text not null, bucket text not null, count integer not null, amount numeric(16, 2) not null,
    primary key (scope, bucket))`.execute(db);
  await sql`create table rm_dash_category_spend (
    scope text not null, category_key text not null, category_name text, count integer not null, amount numeric(16, 2) not null,
    primary key (scope, category_key))`.execute(db);
  await sql`create index rm_dash_category_spend_top on rm_dash_category_spend (scope, amount desc)`.execute(db);

  await sql`create table rm_dash_categories (
    id uuid primary key, name text, active boolean not null, item_count integer not null, version integer not null)`.execute(db);
  await sql`create table rm_dash_catalogue_items (
    id uuid primary key, category_id uuid not null, counted boolean not null, version integer not null)`.execute(db);
  await sql`create table rm_dash_connectors (
    kind text not null, id text not null, status text not null, version integer not null, primary key (kind, id))`.execute(db);
}
