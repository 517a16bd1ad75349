import { sql, type Kysely } from "kysely";

/** How many times each user's choice was set: a mail's unsubscribe link carries it, and an older link is refused. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifier_preferences add column if not exists version integer not null default 0`.execute(db);
}
