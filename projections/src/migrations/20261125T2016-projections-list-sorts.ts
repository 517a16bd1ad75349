import { sql, type Kysely } from "kysely";

/**
 * Every column the requests, orders and vendors lists sort by, with id as the tie-break: a page in any order, at
 * any depth, is an ordered index scan (read backwards for descending) rather than a sort of the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rm_requests_sort_created on rm_requests (created_at, id)`.execute(db);
  await sql`create index if not exists rm_requests_sort_title on rm_requests (lower(title), id)`.execute(db);
  await sql`create index if not exists rm_requests_sort_amount on rm_requests (amount, id)`.execute(db);
  await sql`create index if not exists rm_requests_sort_status on rm_requests (status, id)`.execute(db);
  await sql`create index if not exists rm_orders_sort_created on rm_orders (created_at, id) where deleted_at is null`.execute(db);
  await sql`create index if not exists rm_orders_sort_po_number on rm_orders (lower(po_number), id) where deleted_at is null`.execute(db);
  await sql`create index if not exists rm_orders_sort_vendor on rm_orders (lower(vendor_name), id) where deleted_at is null`.execute(db);
  await sql`create index if not exists rm_orders_sort_total on rm_orders (total, id) where deleted_at is null`.execute(db);
  await sql`create index if not exists rm_orders_sort_status on rm_orders (status, id) where deleted_at is null`.execute(db);
  await sql`create index if not exists rm_vendors_sort_status on rm_vendors (status, id)`.execute(db);
  await sql`create index if not exists rm_vendors_sort_risk on rm_vendors (risk, id)`.execute(db);
  await sql`create index if not exists rm_vendors_sort_updated on rm_vendors (updated_at, id)`.execute(db);
}
