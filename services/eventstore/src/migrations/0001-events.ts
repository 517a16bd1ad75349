import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigint generated always as identity primary key,
      event_id uuid not null unique,
      stream_type text not null,
      stream_id text not null,
      stream_version integer not null check (stream_version > 0),
      type text not null,
      schema_version integer not null default 1,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      hash text not null,
      unique (stream_id, stream_version)
    )`.execute(db);
  await sql`create index events_log_order on events (transaction_id, global_position)`.execute(db);
  await sql`create index events_type on events (type)`.execute(db);
  await sql`create index events_idempotency_key on events ((metadata->>'idempotency_key')) where metadata ? 'idempotency_key'`.execute(db);
  await sql`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      request_hash text not null,
      status_code integer,
      response jsonb,
      created_at timestamptz not null,
      primary key (scope, key)
    )`.execute(db);
  // One row per log reader (relay, each projection, the webhook dispatcher), on the same (tx, pos) pair.
  await sql`
    create table checkpoints (
      name text primary key,
      version integer not null default 0,
      tx xid8 not null default '0',
      pos bigint not null default 0,
      updated_at timestamptz not null
    )`.execute(db);
}
