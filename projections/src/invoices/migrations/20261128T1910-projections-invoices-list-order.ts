import { sql, type Kysely } from "kysely";

/**
 * The list's order as one sortable text: the invoice date, then when it was recorded (both fixed-width, so text
 * order is time order), newest first. Rows recorded before it get theirs from what they hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_invoices add column if not exists list_order text`.execute(db);
  await sql`update rm_invoices
    set list_order = invoice_date || '|' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    where list_order is null`.execute(db);
  await sql`alter table rm_invoices alter column list_order set not null`.execute(db);
  await sql`create index if not exists rm_invoices_list_order on rm_invoices (list_order, id)`.execute(db);
}
