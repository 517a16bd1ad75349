import { sql, type Kysely } from "kysely";

/** Vendors sort by risk from low to high, not alphabetically: the index follows the rank the list orders on. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rm_vendors_sort_risk`.execute(db);
  await sql`create index if not exists rm_vendors_sort_risk_rank on rm_vendors ((case risk when 'low' then 1 when 'medium' then 2 else 3 end), id)`.execute(db);
}
