import { sql, type Kysely } from "kysely";

/**
 * Items are found by subject whenever a request or order moves on. A unique index stays while a rebuild drops the
 * secondary ones, so that lookup never turns into a scan of every inbox during a replay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rm_inbox_items_subject`.execute(db);
  await sql`create unique index rm_inbox_items_subject on rm_inbox_items (subject_id, kind, user_id)`.execute(db);
}
