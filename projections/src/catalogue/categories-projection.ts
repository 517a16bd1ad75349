import { type Projection, oneAtATime } from "../projection.ts";
import { catalogueTouch } from "./touches.ts";
import { json } from "../values.ts";

/** Category rows; counts and coverage figures are derived when the overview is read, from this and the item rows. */
export const categoriesProjection: Projection = {
  name: "categories",
  version: 1,
  tables: ["rm_categories"],
  handles: ["CategorySaved", "CategoryArchived"],
  apply: oneAtATime(async (db, event) => {
    const at = event.recorded_at;
    const version = event.stream_version;
    if (event.type === "CategorySaved") {
      const d = event.data;
      const fields = {
        name: d.name,
        parent_id: d.parent_id,
        contract_number: d.contract_number,
        preferred_suppliers: json(d.preferred_suppliers),
        coverage: json(d.coverage),
        units_of_measure: json(d.units_of_measure),
        requires_finance_review: d.requires_finance_review,
        archived: false,
        version,
        updated_at: at,
      };
      await db
        .insertInto("rm_categories")
        .values({ id: d.category_id, ...fields, created_at: at })
        .onConflict((oc) => oc.column("id").doUpdateSet(fields).where("rm_categories.version", "<", version))
        .execute();
      return catalogueTouch;
    }
    if (event.type === "CategoryArchived") {
      await db
        .updateTable("rm_categories")
        .set({ archived: true, version, updated_at: at })
        .where("id", "=", event.data.category_id)
        .where("version", "<", version)
        .execute();
      return catalogueTouch;
    }
  }),
};
