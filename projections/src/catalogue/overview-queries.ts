import type { Kysely } from "kysely";
import type { CatalogueOverview, OverviewFeed, OverviewItem, OverviewPunchout } from "@procure/contracts";
import type { Database } from "../tables.ts";
import { assembleOverview, toOverviewFeed, toOverviewItem, toOverviewPunchout, type OverviewRows } from "./catalogue-analytics.ts";

/** Items with their linked vendor's current name (null for a legacy free-text supplier). */
const itemsWithVendors = (db: Kysely<Database>) =>
  db.selectFrom("rm_catalogue_items as i").leftJoin("rm_vendors as v", "v.id", "i.vendor_id").selectAll("i").select("v.name as vendor_name");

async function loadRows(db: Kysely<Database>): Promise<OverviewRows> {
  const [categories, items, feeds, connections] = await Promise.all([
    db.selectFrom("rm_categories").selectAll().execute(),
    itemsWithVendors(db).execute(),
    db.selectFrom("rm_vendor_feeds").selectAll().orderBy("feed_name").orderBy("id").execute(),
    db.selectFrom("rm_punchout_connections").selectAll().orderBy("supplier").orderBy("id").execute(),
  ]);
  return { categories, items, feeds, connections };
}

/** GET /api/catalogue/overview. The catalogue is curated (hundreds of rows, not millions), so it is read whole. */
export async function readCatalogueOverview(db: Kysely<Database>): Promise<CatalogueOverview> {
  return assembleOverview(await loadRows(db));
}

async function categoryName(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom("rm_categories").select("name").where("id", "=", id).executeTakeFirst();
  return row?.name ?? null;
}

/** One entry in the overview's shape, as the write routes answer with it (retired items included). */
export async function findOverviewItem(db: Kysely<Database>, id: string): Promise<OverviewItem | null> {
  const row = await itemsWithVendors(db).where("i.id", "=", id).executeTakeFirst();
  return row ? toOverviewItem(row, await categoryName(db, row.category_id)) : null;
}
export async function findOverviewFeed(db: Kysely<Database>, id: string): Promise<OverviewFeed | null> {
  const row = await db.selectFrom("rm_vendor_feeds").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOverviewFeed(row, await categoryName(db, row.category_id)) : null;
}
export async function findOverviewPunchout(db: Kysely<Database>, id: string): Promise<OverviewPunchout | null> {
  const row = await db.selectFrom("rm_punchout_connections").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOverviewPunchout(row, await categoryName(db, row.category_id)) : null;
}
