import { sql, type Kysely } from "kysely";

/** A mail about a request needed within days says so in its subject; requests from before had no date. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifier_requests add column if not exists needed_by text`.execute(db);
}
