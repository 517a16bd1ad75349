import { sql, type Kysely } from "kysely";

/** A batch loads only the members who may act on something (see `loadMembers`), never every requester. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index rm_inbox_members_who_act on rm_inbox_members (role) where active`.execute(db);
}
