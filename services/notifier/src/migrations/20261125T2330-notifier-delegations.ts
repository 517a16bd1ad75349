import { sql, type Kysely } from "kysely";

/** Who stands in for whom: a decider's mails go to their delegate while the delegation runs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists notifier_delegations (
    delegator_id uuid primary key,
    delegate_id uuid not null,
    starts_on text not null,
    ends_on text not null)`.execute(db);
}
