import { sql, type Kysely } from "kysely";

/** Each member's version (the user stream's, at the last change the users screen shows), for If-Match; filled by a rebuild. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_users add column if not exists version integer not null default 0`.execute(db);
}
