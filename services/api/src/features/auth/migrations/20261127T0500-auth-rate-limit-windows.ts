import { sql, type Kysely } from "kysely";

/** Rate-limit windows by caller and route, shared by every API process so that N processes allow what one does. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit_windows (
    key text primary key,
    hits integer not null,
    resets_at timestamptz not null)`.execute(db);
}
