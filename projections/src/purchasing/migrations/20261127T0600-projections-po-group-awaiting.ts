import { sql, type Kysely } from "kysely";

/** Each order's value still to be received, from its lines, so the dashboard's value awaiting receipt follows receipts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_po_group_orders add column if not exists awaiting numeric not null default 0`.execute(db);
}
