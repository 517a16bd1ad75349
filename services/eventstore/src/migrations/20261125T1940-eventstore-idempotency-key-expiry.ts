import { sql, type Kysely } from "kysely";

/** Idempotency keys expire after 24 hours and are purged by age. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index idempotency_keys_created_at on idempotency_keys (created_at)`.execute(db);
}
