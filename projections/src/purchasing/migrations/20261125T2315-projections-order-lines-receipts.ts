import { sql, type Kysely } from "kysely";

/**
 * Each order's lines (with what was received of each) beside its row, and one row per receipt. Rows saved before
 * lines existed get theirs when the orders projection, whose version moved with this, is rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_orders add column if not exists lines jsonb`.execute(db);
  await sql`create table if not exists rm_order_receipts (
    id uuid primary key, order_id uuid not null, lines jsonb not null, received_on text not null, note text,
    created_by text, created_at timestamptz not null, stream_version integer not null)`.execute(db);
  await sql`create index if not exists rm_order_receipts_order on rm_order_receipts (order_id, stream_version)`.execute(db);
}
