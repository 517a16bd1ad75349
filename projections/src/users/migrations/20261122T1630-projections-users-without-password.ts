import { sql, type Kysely } from "kysely";

/** Password hashes are the auth part's credentials, not a read model's column. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_users drop column if exists password_hash`.execute(db);
}
