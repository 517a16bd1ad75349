import { sql, type Kysely } from "kysely";

/** A payment's date and reference, an open dispute and a rejection on each invoice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_invoices
    add column if not exists paid_on text,
    add column if not exists payment_reference text,
    add column if not exists dispute_reason text,
    add column if not exists disputed_by text,
    add column if not exists disputed_at timestamptz,
    add column if not exists rejection_reason text,
    add column if not exists rejected_by text,
    add column if not exists rejected_at timestamptz`.execute(db);
}
