import { sql, type Kysely } from "kysely";

/** A catalogue item's supplier as a linked vendor. The items projection's new version rebuilds the rows to fill it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_catalogue_items add column if not exists vendor_id uuid`.execute(db);
}
