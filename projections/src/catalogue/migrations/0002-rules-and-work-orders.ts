import { sql, type Kysely } from "kysely";

/** Approval rules (routing new requests) and the public work orders with their timelines. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_approval_rules (
    id uuid primary key, name text not null, min_amount numeric(14, 2) not null, max_amount numeric(14, 2),
    category_id text, vendor_id text, stages jsonb not null, active boolean not null, deleted boolean not null default false,
    created_position bigint not null, version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  await sql`create table rm_work_orders (
    id text primary key, title text not null, details text, requester_name text not null, requester_email text not null,
    priority text not null, due_date text, status text not null, owner_id text, owner_email text,
    version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  await sql`create index rm_work_orders_recent on rm_work_orders (created_at desc, id desc)`.execute(db);
  await sql`create table rm_work_order_timeline (
    id uuid primary key, work_order_id text not null, stream_version integer not null, action text not null,
    actor_email text, actor_role text, from_status text, to_status text, detail text, created_at timestamptz not null)`.execute(db);
  await sql`create index rm_work_order_timeline_order on rm_work_order_timeline (work_order_id, stream_version)`.execute(db);
}
