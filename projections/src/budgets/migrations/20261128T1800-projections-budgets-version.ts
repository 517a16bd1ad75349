import { sql, type Kysely } from "kysely";

/** Each budget's version (its stream's, at its last save), for If-Match; filled by a rebuild. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_budgets add column if not exists version integer not null default 0`.execute(db);
}
