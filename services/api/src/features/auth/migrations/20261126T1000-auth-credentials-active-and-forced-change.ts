import { sql, type Kysely } from "kysely";

/**
 * Whether the account may sign in, and whether its password is a temporary one that must be replaced before
 * anything else. Both are written in the transaction of the event that changes them, so they hold in every process
 * from its commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credentials add column active boolean not null default true`.execute(db);
  await sql`alter table credentials add column must_change_password boolean not null default false`.execute(db);
}
