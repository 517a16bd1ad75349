import { sql, type Kysely } from "kysely";
import { rechainStreams } from "@procure/eventstore";

/**
 * Credentials are state owned by the auth part, written in the same transaction as the UserRegistered event.
 *
 * One-off for workspaces created before: `UserRegistered` v1 carried `password_hash` in the log. The hashes move
 * here, the field is removed from the stored rows (replaced by `password_set: true`, schema version 2), and the
 * user streams are re-chained: a secret must not stay in an append-only, published log. The user streams' earlier
 * hashes are not kept; messages already published to the NATS stream keep their copy until the stream is purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table credentials (
    user_id uuid primary key,
    email text not null unique,
    password_hash text not null,
    token_version integer not null default 0,
    updated_at timestamptz not null default now())`.execute(db);
  await sql`insert into credentials (user_id, email, password_hash, updated_at)
    select (data->>'user_id')::uuid, lower(data->>'email'), data->>'password_hash', recorded_at
    from events where type = 'UserRegistered' and data ? 'password_hash'
    on conflict do nothing`.execute(db);
  const { rows } = await sql<{ stream_id: string }>`update events
    set data = (data - 'password_hash') || '{"password_set": true}'::jsonb, schema_version = 2
    where type = 'UserRegistered' and data ? 'password_hash'
    returning stream_id`.execute(db);
  await rechainStreams(db, [...new Set(rows.map((r) => r.stream_id))]);
  await sql`update idempotency_keys set response = (response - 'token' - 'temporaryPassword')
    where response is not null and jsonb_typeof(response) = 'object'`.execute(db);
}
