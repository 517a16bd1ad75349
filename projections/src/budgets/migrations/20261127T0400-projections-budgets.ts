import { sql, type Kysely } from "kysely";

/**
 * Budgets and what they count: approved requests by category and approval day, the orders made from them (or
 * without one), and invoiced amounts per order. Approval rules gain the stages an over-budget request adds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists rm_budgets (
    id uuid primary key,
    category_id uuid not null,
    category_name text,
    period text not null,
    starts_on date not null,
    ends_on date not null,
    amount numeric(14, 2) not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index if not exists rm_budgets_category on rm_budgets (category_id, starts_on)`.execute(db);
  await sql`create table if not exists rm_budget_requests (
    request_id uuid primary key,
    category_id uuid,
    amount numeric(14, 2) not null,
    approved_on date,
    order_id uuid
  )`.execute(db);
  await sql`create index if not exists rm_budget_requests_category on rm_budget_requests (category_id, approved_on)`.execute(db);
  await sql`create table if not exists rm_budget_orders (
    order_id uuid primary key,
    request_id uuid,
    created_on date not null,
    total numeric(14, 2) not null,
    cancelled boolean not null
  )`.execute(db);
  await sql`create table if not exists rm_budget_invoices (
    invoice_id text primary key,
    order_id uuid not null,
    amount numeric(14, 2) not null
  )`.execute(db);
  await sql`create index if not exists rm_budget_invoices_order on rm_budget_invoices (order_id)`.execute(db);
  await sql`alter table rm_approval_rules add column if not exists over_budget_stages jsonb not null default '[]'`.execute(db);
}
