import { sql, type Kysely } from "kysely";

/** Each order's status beside its group, so totals per status (the value awaiting receipt) can be kept. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_po_group_orders add column if not exists status text`.execute(db);
}
