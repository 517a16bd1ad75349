import { sql, type Kysely } from "kysely";

/** Invoices with their three-way match, the workspace's matching tolerance, and what each order's invoices bill. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_orders add column if not exists invoiced jsonb`.execute(db);
  await sql`create table if not exists rm_invoices (
    id uuid primary key,
    order_id uuid not null,
    recorded_version integer not null,
    version integer not null,
    po_number text not null,
    vendor_id uuid not null,
    vendor_name text not null,
    number text not null,
    invoice_date text not null,
    total numeric not null,
    notes text,
    tolerance_percent double precision not null,
    recorded_lines jsonb not null,
    lines jsonb not null,
    match text not null,
    status text not null,
    approval_comment text,
    approved_by text,
    approved_at timestamptz,
    paid_by text,
    paid_at timestamptz,
    created_by text,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index if not exists rm_invoices_order on rm_invoices (order_id, recorded_version)`.execute(db);
  await sql`create index if not exists rm_invoices_created on rm_invoices (created_at, id)`.execute(db);
  await sql`create table if not exists rm_matching_settings (id integer primary key, tolerance_percent double precision not null)`.execute(db);
}
