import { sql, type Kysely } from "kysely";

/**
 * The dispatcher's own state: signing secrets (never in the log), the endpoints as the dispatcher has folded them
 * from the log, and every delivery with its attempts, so retries survive a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table webhook_secrets (
    endpoint_id uuid not null,
    secret text not null,
    created_at timestamptz not null,
    expires_at timestamptz,
    primary key (endpoint_id, secret))`.execute(db);
  await sql`create table webhook_subscriptions (
    endpoint_id uuid primary key,
    url text not null,
    event_types jsonb not null,
    enabled boolean not null,
    deleted boolean not null default false)`.execute(db);
  await sql`create table webhook_deliveries (
    id uuid primary key,
    endpoint_id uuid not null,
    event_id uuid not null,
    event_type text not null,
    stream_id text not null,
    tx xid8,
    pos bigint,
    body text not null,
    status text not null,
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    locked_until timestamptz,
    response_code integer,
    latency_ms integer,
    last_error text,
    created_at timestamptz not null,
    delivered_at timestamptz,
    replay_of uuid)`.execute(db);
  // One delivery per endpoint and event, however often the log is read; replays are extra rows.
  await sql`create unique index webhook_deliveries_once on webhook_deliveries (endpoint_id, event_id) where replay_of is null`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_stream_order on webhook_deliveries (endpoint_id, stream_id, tx, pos) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_log on webhook_deliveries (endpoint_id, created_at desc)`.execute(db);
  await sql`create table webhook_attempts (
    delivery_id uuid not null,
    attempt integer not null,
    at timestamptz not null,
    response_code integer,
    latency_ms integer,
    error text,
    primary key (delivery_id, attempt))`.execute(db);
}
