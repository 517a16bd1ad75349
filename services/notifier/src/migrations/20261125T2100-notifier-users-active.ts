import { sql, type Kysely } from "kysely";

/** Deactivated members hear of nothing; the notifier follows who is active from the log like the rest. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifier_users add column active boolean not null default true`.execute(db);
}
