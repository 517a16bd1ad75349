import { sql, type Kysely } from "kysely";

/** Webhook endpoints as admins see them; deleted ones stay as tombstones so a replay cannot bring them back. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_webhook_endpoints (
    id uuid primary key,
    url text not null,
    description text,
    event_types jsonb not null,
    enabled boolean not null,
    disabled_reason text,
    deleted boolean not null default false,
    version integer not null,
    created_at timestamptz not null,
    updated_at timestamptz not null)`.execute(db);
}
