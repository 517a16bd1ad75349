import { sql, type Kysely } from "kysely";

/** The secondary indexes a rebuild dropped and creates again once the tables are full (see `deferred-indexes.ts`). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists projection_deferred_indexes (
    index_name text primary key, table_name text not null, definition text not null)`.execute(db);
}
