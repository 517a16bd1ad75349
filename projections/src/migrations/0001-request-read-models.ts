import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_users (
    id uuid primary key, email text not null unique, role text not null, password_hash text not null,
    created_at timestamptz not null)`.execute(db);
  await sql`create table rm_requests (
    id uuid primary key, title text not null, status text not null, amount numeric(14, 2) not null,
    description text, category_id text, category_name text, vendor_id text, vendor_name text, po_number text,
    requester_id text not null, requester_email text not null, rule_id text, stages jsonb not null,
    current_stage_role text, version integer not null, created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
  await sql`create index rm_requests_status on rm_requests (status, updated_at desc)`.execute(db);
  await sql`create index rm_requests_requester on rm_requests (requester_id, updated_at desc)`.execute(db);
  await sql`create index rm_requests_vendor on rm_requests (vendor_id)`.execute(db);
  await sql`create table rm_request_comments (
    id uuid primary key, request_id uuid not null, body text not null, author text not null, author_id text not null,
    created_at timestamptz not null)`.execute(db);
  await sql`create index rm_request_comments_request on rm_request_comments (request_id, created_at)`.execute(db);
  await sql`create table rm_request_audit (
    id uuid primary key, request_id uuid not null, stream_version integer not null, action text not null,
    actor_id text, actor_email text, actor_role text, from_status text, to_status text, detail text,
    created_at timestamptz not null)`.execute(db);
  await sql`create index rm_request_audit_request on rm_request_audit (request_id, stream_version)`.execute(db);
  await sql`create table rm_request_files (
    id uuid primary key, request_id uuid not null, filename text not null, content_type text not null,
    size integer not null, sha256 text not null, storage_key text not null, uploaded_by text not null,
    created_at timestamptz not null)`.execute(db);
  await sql`create index rm_request_files_request on rm_request_files (request_id, created_at)`.execute(db);
  await sql`create table rm_inbox_requests (
    request_id uuid primary key, requester_id text not null, status text not null, current_stage_role text)`.execute(db);
  await sql`create table rm_counters (name text primary key, value bigint not null)`.execute(db);
}
