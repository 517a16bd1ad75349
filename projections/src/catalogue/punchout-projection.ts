import { sql } from "kysely";
import { type Projection, oneAtATime } from "../projection.ts";
import { catalogueTouch } from "./touches.ts";

/** PunchOut connections: their configuration, and cart totals summed from the connector's reports. */
export const punchoutProjection: Projection = {
  name: "punchout-connections",
  version: 1,
  tables: ["rm_punchout_connections"],
  handles: ["PunchoutConnectionSaved", "PunchoutTransactionsRecorded"],
  apply: oneAtATime(async (db, event) => {
    const at = event.recorded_at;
    const version = event.stream_version;
    if (event.type === "PunchoutConnectionSaved") {
      const d = event.data;
      const fields = {
        supplier: d.supplier,
        protocol: d.protocol,
        category_id: d.category_id,
        coverage_scope: d.coverage_scope,
        status: d.status,
        sso_status: d.sso_status,
        notes: d.notes,
        version,
        updated_at: at,
      };
      await db
        .insertInto("rm_punchout_connections")
        .values({ id: d.connection_id, ...fields, carts: 0, successful_carts: 0, last_transaction_at: null, created_at: at })
        .onConflict((oc) => oc.column("id").doUpdateSet(fields).where("rm_punchout_connections.version", "<", version))
        .execute();
      return catalogueTouch;
    }
    if (event.type === "PunchoutTransactionsRecorded") {
      const d = event.data;
      await db
        .updateTable("rm_punchout_connections")
        .set({
          carts: sql`carts + ${d.carts}`,
          successful_carts: sql`successful_carts + ${d.successful_carts}`,
          last_transaction_at: at,
          version,
          updated_at: at,
        })
        .where("id", "=", d.connection_id)
        .where("version", "<", version)
        .execute();
      return catalogueTouch;
    }
  }),
};
