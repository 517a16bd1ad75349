import { sql, type Kysely } from "kysely";

/**
 * Every read-model amount column, wide enough for whatever the log holds. New amounts are at most `AMOUNT_MAX` (one
 * billion) per record, but sums of many records (tallies, budgets, PO groups) go far beyond it, and orders recorded
 * before the rule may carry a line of a billion units at a billion each. A value a column cannot hold stops its
 * projection group for good (the event stays in the log), so the columns hold up to 10^28: more than 500 such lines
 * summed over millions of orders. Widening a numeric's precision at the same scale rewrites no rows.
 */
const amountColumnType = sql`numeric(30, 2)`;

const amountColumns: readonly (readonly [table: string, column: string])[] = [
  ["rm_requests", "amount"],
  ["rm_landing_requests", "amount"],
  ["rm_dash_requests", "amount"],
  ["rm_dash_request_totals", "amount"],
  ["rm_dash_category_spend", "amount"],
  ["rm_vendor_counts", "amount"],
  ["rm_orders", "total"],
  ["rm_po_group_orders", "total"],
  ["rm_po_group_totals", "amount"],
  ["rm_budgets", "amount"],
  ["rm_budget_requests", "amount"],
  ["rm_budget_orders", "total"],
  ["rm_budget_invoices", "amount"],
  ["rm_catalogue_items", "base_price"],
  ["rm_approval_rules", "min_amount"],
  ["rm_approval_rules", "max_amount"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of amountColumns) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type ${amountColumnType}`.execute(db);
  }
}
