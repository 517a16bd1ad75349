import { sql, type Kysely } from "kysely";

/** The inbox lists pending requests needed soon first: it starts from the few pending ones with a need-by date. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rm_requests_pending_needed_by on rm_requests (needed_by) where status = 'pending' and needed_by is not null`.execute(db);
}
