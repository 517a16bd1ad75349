import { sql, type Kysely } from "kysely";

/**
 * The members as the inbox has folded them so far: a batch starts from them and follows each role or activity
 * change in log order, so an inbox is the same however the log was cut into batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_inbox_members (
    user_id uuid primary key, role text not null, active boolean not null, version integer not null)`.execute(db);
}
