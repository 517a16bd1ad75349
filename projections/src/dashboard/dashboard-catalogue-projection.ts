import { sql } from "kysely";
import { cacheKeys, type StoredEvent } from "@procure/contracts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";

const touched: Touch[] = [{ keys: [cacheKeys.dashboard()], audience: { everyone: true } }];

type CatalogueEvent = StoredEvent<"CategorySaved" | "CategoryArchived" | "CatalogueItemSaved" | "PunchoutConnectionSaved">;
type Db = Parameters<Projection["apply"]>[0];

/**
 * What the dashboard needs from the catalogue: categories (name, active, item count) for the KPI and the coverage
 * card, and PunchOut connection statuses for the integrations card. Each row is guarded by its stream version.
 */
export const dashboardCatalogueProjection: Projection = {
  name: "dashboard-catalogue",
  version: 1,
  tables: ["rm_dash_categories", "rm_dash_catalogue_items", "rm_dash_connectors"],
  handles: ["CategorySaved", "CategoryArchived", "CatalogueItemSaved", "PunchoutConnectionSaved"],
  apply: oneAtATime(async (db, event) => {
    const e = event as CatalogueEvent;
    switch (e.type) {
      case "CategorySaved":
      case "CategoryArchived":
        return (await saveCategory(db, e)) ? touched : undefined;
      case "CatalogueItemSaved":
        return (await saveItem(db, e)) ? touched : undefined;
      case "PunchoutConnectionSaved": {
        const row = { kind: "punchout", id: e.data.connection_id, status: e.data.status, version: e.stream_version };
        const saved = await db
          .insertInto("rm_dash_connectors")
          .values(row)
          .onConflict((oc) => oc.columns(["kind", "id"]).doUpdateSet(row).where(sql.ref("rm_dash_connectors.version"), "<", e.stream_version))
          .returning("id")
          .executeTakeFirst();
        return saved ? touched : undefined;
      }
    }
  }),
};

/** A category is active from its first save until it is archived; a row first made by one of its items has version 0. */
async function saveCategory(db: Db, e: StoredEvent<"CategorySaved" | "CategoryArchived">) {
  const name = e.type === "CategorySaved" ? e.data.name : null;
  const active = e.type === "CategorySaved";
  const saved = await db
    .insertInto("rm_dash_categories")
    .values({ id: e.data.category_id, name, active, item_count: 0, version: e.stream_version })
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet({
          name: sql`coalesce(excluded.name, rm_dash_categories.name)`,
          active,
          version: e.stream_version,
        })
        .where(sql.ref("rm_dash_categories.version"), "<", e.stream_version),
    )
    .returning("id")
    .executeTakeFirst();
  return saved !== undefined;
}

/** Retired items leave the count; an item moved to another category moves its count with it. */
async function saveItem(db: Db, e: StoredEvent<"CatalogueItemSaved">) {
  const { item_id, category_id, status } = e.data;
  const before = await db.selectFrom("rm_dash_catalogue_items").select(["category_id", "counted", "version"]).where("id", "=", item_id).executeTakeFirst();
  if (before && before.version >= e.stream_version) return false;
  const counted = status !== "retired";
  if (before?.counted) await addItems(db, before.category_id, -1);
  if (counted) await addItems(db, category_id, 1);
  const row = { category_id, counted, version: e.stream_version };
  await db
    .insertInto("rm_dash_catalogue_items")
    .values({ id: item_id, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
  return true;
}

async function addItems(db: Db, categoryId: string, delta: number) {
  await db
    .insertInto("rm_dash_categories")
    .values({ id: categoryId, name: null, active: false, item_count: delta, version: 0 })
    .onConflict((oc) => oc.column("id").doUpdateSet({ item_count: sql`rm_dash_categories.item_count + ${delta}` }))
    .execute();
}
