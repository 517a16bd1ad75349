import { sql, type Kysely } from "kysely";

/**
 * The projections set apart because they failed (see `stalls.ts`): in Postgres, so that health and metrics in any
 * process name them, wherever the projections run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists projection_stalls (
    projection text primary key,
    tx xid8,
    pos bigint,
    event_type text,
    error_class text not null,
    error text not null,
    failures int not null,
    since timestamptz not null,
    updated_at timestamptz not null)`.execute(db);
}
