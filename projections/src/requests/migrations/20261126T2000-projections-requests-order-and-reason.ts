import { sql, type Kysely } from "kysely";

/** A request names the order it became and why it was last decided; the requests projection rebuilds to fill both. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_requests add column if not exists order_id text`.execute(db);
  await sql`alter table rm_requests add column if not exists decision_comment text`.execute(db);
}
