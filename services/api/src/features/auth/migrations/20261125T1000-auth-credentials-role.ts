import { sql, type Kysely } from "kysely";

/**
 * The role as last changed, written in the role change's transaction, so the change holds in every process from
 * its commit rather than from when the users read model folds it. Null until the account's first change: the
 * registration's role, as the read model has it, stands until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credentials add column role text`.execute(db);
}
