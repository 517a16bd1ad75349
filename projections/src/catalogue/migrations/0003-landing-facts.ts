import { sql, type Kysely } from "kysely";

/**
 * Facts per request (amount, status, when raised and decided, whether its route was followed) and per vendor
 * (status, renewal date), so the landing figures are aggregate queries. Nothing here names a person or a request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_landing_requests (
    request_id uuid primary key, amount numeric(14, 2) not null, status text not null, route jsonb not null,
    waiting_role text, overridden boolean not null default false, created_at timestamptz not null,
    decided_at timestamptz, version integer not null)`.execute(db);
  await sql`create index rm_landing_requests_status on rm_landing_requests (status)`.execute(db);
  await sql`create table rm_landing_vendors (
    vendor_id uuid primary key, status text not null, renewal_date text, version integer not null)`.execute(db);
}
