import { sql, type Kysely } from "kysely";

/** Whether the member may sign in; every account registered before deactivation existed is active. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_users add column active boolean not null default true`.execute(db);
}
