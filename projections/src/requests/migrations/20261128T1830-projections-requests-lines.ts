import { sql, type Kysely } from "kysely";

/** A request's lines; the requests projection's new version replays the log into them (old requests: one line). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_requests add column if not exists lines jsonb not null default '[]'::jsonb`.execute(db);
}
