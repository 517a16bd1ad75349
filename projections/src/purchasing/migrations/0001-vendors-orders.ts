import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_vendors (
    id uuid primary key, name text not null, status text not null, risk text not null, website text, notes text,
    renewal_date text, version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  await sql`create index rm_vendors_name on rm_vendors (lower(name), id)`.execute(db);
  await sql`create index rm_vendors_renewal on rm_vendors (renewal_date) where renewal_date is not null`.execute(db);
  await sql`create table rm_vendor_counts (status text primary key, count integer not null, amount numeric(16, 2) not null default 0)`.execute(db);

  await sql`create table rm_orders (
    id uuid primary key, po_number text not null, vendor_id text, vendor_name text not null, total numeric(14, 2) not null,
    status text not null, request_id text, expected_date text, notes text, created_by text, version integer not null,
    created_at timestamptz not null, updated_at timestamptz not null, deleted_at timestamptz)`.execute(db);
  await sql`create index rm_orders_recent on rm_orders (updated_at desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index rm_orders_vendor on rm_orders (vendor_id) where deleted_at is null`.execute(db);
  await sql`create index rm_orders_request on rm_orders (request_id) where deleted_at is null`.execute(db);
  await sql`create table rm_po_numbers (po_key text primary key, po_number text not null, order_id uuid not null)`.execute(db);

  await sql`create table rm_po_group_orders (
    order_id uuid primary key, grp text not null, total numeric(14, 2) not null, expected_date text, version integer not null)`.execute(db);
  // Only open and receiving orders can be due or late; the read-time date figures scan this index alone.
  await sql`create index rm_po_group_orders_due on rm_po_group_orders (expected_date)
    where grp in ('open', 'receiving') and expected_date is not null`.execute(db);
  await sql`create table rm_po_group_totals (grp text primary key, count integer not null, amount numeric(16, 2) not null)`.execute(db);
}
