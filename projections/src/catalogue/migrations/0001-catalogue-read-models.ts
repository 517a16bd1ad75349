import { sql, type Kysely } from "kysely";

/** Categories, items, feeds and PunchOut connections: the rows the catalogue overview is assembled from. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_categories (
    id uuid primary key, name text not null, parent_id text, contract_number text,
    preferred_suppliers jsonb not null, coverage jsonb not null, units_of_measure jsonb not null,
    requires_finance_review boolean not null, archived boolean not null default false,
    version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  await sql`create table rm_catalogue_items (
    id uuid primary key, category_id text not null, name text not null, sku text not null, unit_of_measure text not null,
    contract_number text, preferred_supplier text, base_price numeric(14, 2) not null, currency text not null,
    pricing_tiers jsonb not null, status text not null, coverage_notes text, last_reviewed_at timestamptz,
    version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  await sql`create index rm_catalogue_items_category on rm_catalogue_items (category_id, status)`.execute(db);
  await sql`create index rm_catalogue_items_sku on rm_catalogue_items (lower(sku))`.execute(db);
  await sql`create table rm_vendor_feeds (
    id uuid primary key, feed_name text not null, supplier text not null, format text not null, category_id text not null,
    refresh_interval_days integer not null, change_log_url text, status text not null, pending_changes integer not null,
    price_variance_alerts integer not null, requires_finance_review boolean not null, last_imported_at timestamptz,
    next_refresh_due timestamptz, version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  await sql`create table rm_punchout_connections (
    id uuid primary key, supplier text not null, protocol text not null, category_id text not null,
    coverage_scope text not null, status text not null, sso_status text not null, notes text,
    carts bigint not null default 0, successful_carts bigint not null default 0, last_transaction_at timestamptz,
    version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
}
