import { sql, type Kysely } from "kysely";

/**
 * The notifier's own state. Who is who (users, requests, work orders, orders, preferences) as the notifier folds it
 * from the log, in log order, so each event's recipients are decided on the state as of that event; the outbox,
 * one row per event and recipient (plus one per digest), with its sending state, so retries survive a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notifier_state (id int primary key, mail_since timestamptz not null)`.execute(db);
  await sql`create table notifier_users (id uuid primary key, email text not null, role text not null)`.execute(db);
  await sql`create table notifier_preferences (user_id uuid primary key, email text not null)`.execute(db);
  await sql`create table notifier_requests (
    id uuid primary key,
    title text not null,
    amount double precision not null,
    requester_id text not null,
    requester_email text not null,
    stages jsonb not null)`.execute(db);
  await sql`create table notifier_work_orders (id text primary key, title text not null, email text not null)`.execute(db);
  await sql`create table notifier_orders (id uuid primary key, status text not null)`.execute(db);
  await sql`create table notification_outbox (
    id uuid primary key,
    event_id uuid,
    kind text not null,
    recipient text not null,
    user_id uuid,
    email text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    message_id text not null unique,
    status text not null,
    digest_at timestamptz,
    digest_id uuid,
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    locked_until timestamptz,
    last_error text,
    created_at timestamptz not null,
    sent_at timestamptz)`.execute(db);
  // One mail per event and recipient, however often the log is read.
  await sql`create unique index notification_outbox_once on notification_outbox (event_id, recipient) where event_id is not null`.execute(db);
  await sql`create index notification_outbox_due on notification_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index notification_outbox_held on notification_outbox (digest_at, user_id) where status = 'held'`.execute(db);
  await sql`create index notification_outbox_recent on notification_outbox (created_at desc)`.execute(db);
}
