import { type Projection, oneAtATime } from "../projection.ts";
import { catalogueTouch } from "./touches.ts";
import { json } from "../values.ts";

/**
 * Catalogue items. An item leaving "review" (published or sent back to draft) records when it was last reviewed. The
 * supplier is kept as the vendor's id only: readers join the vendor's current name. Version 2 added that id.
 */
export const itemsProjection: Projection = {
  name: "catalogue-items",
  version: 2,
  tables: ["rm_catalogue_items"],
  handles: ["CatalogueItemSaved"],
  apply: oneAtATime(async (db, event) => {
    if (event.type !== "CatalogueItemSaved") return;
    const d = event.data;
    const at = event.recorded_at;
    const version = event.stream_version;
    const current = await db.selectFrom("rm_catalogue_items").select(["status", "version", "last_reviewed_at"]).where("id", "=", d.item_id).executeTakeFirst();
    if (current && current.version >= version) return;
    const reviewed = current?.status === "review" && d.status !== "review";
    const fields = {
      category_id: d.category_id,
      name: d.name,
      sku: d.sku,
      unit_of_measure: d.unit_of_measure,
      contract_number: d.contract_number,
      preferred_supplier: d.preferred_supplier,
      vendor_id: d.vendor_id ?? null,
      base_price: d.base_price,
      currency: d.currency,
      pricing_tiers: json(d.pricing_tiers),
      status: d.status,
      coverage_notes: d.coverage_notes,
      last_reviewed_at: reviewed ? at : (current?.last_reviewed_at ?? null),
      version,
      updated_at: at,
    };
    if (current) await db.updateTable("rm_catalogue_items").set(fields).where("id", "=", d.item_id).execute();
    else
      await db
        .insertInto("rm_catalogue_items")
        .values({ id: d.item_id, ...fields, created_at: at })
        .execute();
    return catalogueTouch;
  }),
};
