import { sql, type Kysely } from "kysely";
import type { Database } from "../tables.ts";

// The table is the runner's own bookkeeping, not a read model: queried without the typed schema.
/**
 * A rebuild fills its tables faster without their secondary indexes: it drops them, remembering their definitions
 * in `projection_deferred_indexes` in the same transaction, and creates them again from there once the tables are
 * full, each in one transaction with the removal of its definition. A process that stops in between leaves the
 * definitions behind, and the next start creates the indexes. Primary keys and unique indexes stay: the
 * projections' upserts rely on them.
 */
export async function deferIndexes(trx: Kysely<Database>, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`insert into projection_deferred_indexes (index_name, table_name, definition)
    select i.indexname, i.tablename, i.indexdef from pg_indexes i
    join pg_class c on c.relname = i.indexname
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = i.schemaname
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename = any(${[...tables]}::text[])
      and not x.indisunique and not x.indisprimary
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
    on conflict (index_name) do nothing`.execute(trx);
  const { rows } = await sql<{ index_name: string }>`select index_name from projection_deferred_indexes
    where table_name = any(${[...tables]}::text[])`.execute(trx);
  for (const { index_name } of rows) await sql`drop index if exists ${sql.id(index_name)}`.execute(trx);
}

/** Creates the deferred indexes of `tables` (of every table, without it) again. */
export async function restoreIndexes(db: Kysely<Database>, tables?: readonly string[]): Promise<void> {
  const { rows } = await sql<{ index_name: string; definition: string }>`select index_name, definition
    from projection_deferred_indexes ${tables ? sql`where table_name = any(${[...tables]}::text[])` : sql``}
    order by index_name`.execute(db);
  for (const { index_name, definition } of rows) {
    await db.transaction().execute(async (trx) => {
      const { rows: found } = await sql<{ present: boolean }>`select to_regclass(${index_name}) is not null as present`.execute(trx);
      if (!found[0]?.present) await sql.raw(definition).execute(trx);
      await sql`delete from projection_deferred_indexes where index_name = ${index_name}`.execute(trx);
    });
  }
}
