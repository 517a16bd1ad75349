import { sql, type Kysely } from "kysely";

/** The vendor's invoice documents: what the file store keeps, by invoice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists rm_invoice_files (
    id uuid primary key,
    invoice_id uuid not null,
    filename text not null,
    content_type text not null,
    size integer not null,
    sha256 text not null,
    storage_key text not null,
    uploaded_by text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index if not exists rm_invoice_files_invoice on rm_invoice_files (invoice_id, created_at)`.execute(db);
}
