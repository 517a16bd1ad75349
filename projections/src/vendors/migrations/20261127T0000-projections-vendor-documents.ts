import { sql, type Kysely } from "kysely";

/** Vendors' diligence documents, and the workspace's diligence settings (one row). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists rm_vendor_documents (
    id uuid primary key,
    vendor_id uuid not null,
    kind text not null,
    filename text not null,
    content_type text not null,
    size integer not null,
    sha256 text not null,
    storage_key text not null,
    expires_on text,
    uploaded_by text,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index if not exists rm_vendor_documents_vendor_kind on rm_vendor_documents (vendor_id, kind, expires_on)`.execute(db);
  await sql`create table if not exists rm_diligence_settings (
    id integer primary key,
    required_kinds jsonb not null,
    block_orders boolean not null
  )`.execute(db);
}
