import { sql } from "kysely";
import { cacheKeys, poNumberKey } from "@procure/contracts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";
import { readersOf } from "../audiences.ts";
import { deletedChanges, nextOrderRow, savedChanges } from "./order-view.ts";

const touched = (id: string): Touch[] => [{ keys: [cacheKeys.orders(), cacheKeys.order(id)], audience: readersOf("orders") }];

/** The orders list and detail, and the register of PO numbers taken. Rows are guarded by stream version. */
export const ordersProjection: Projection = {
  name: "orders",
  version: 1,
  tables: ["rm_orders", "rm_po_numbers"],
  handles: ["PurchaseOrderSaved", "PurchaseOrderDeleted", "PoNumberReserved"],
  apply: oneAtATime(async (db, event) => {
    switch (event.type) {
      case "PoNumberReserved": {
        const d = event.data;
        await db
          .insertInto("rm_po_numbers")
          .values({ po_key: poNumberKey(d.po_number), po_number: d.po_number, order_id: d.order_id })
          .onConflict((oc) => oc.column("po_key").doNothing())
          .execute();
        return;
      }
      case "PurchaseOrderSaved": {
        // The same fold the API answers with before this row catches up (`orderView`).
        const saved = await db
          .insertInto("rm_orders")
          .values(nextOrderRow(null, event)!)
          .onConflict((oc) => oc.column("id").doUpdateSet(savedChanges(event)).where(sql.ref("rm_orders.version"), "<", event.stream_version))
          .returning("id")
          .executeTakeFirst();
        return saved ? touched(event.data.order_id) : undefined;
      }
      case "PurchaseOrderDeleted": {
        const { order_id } = event.data;
        const deleted = await db
          .updateTable("rm_orders")
          .set(deletedChanges(event))
          .where("id", "=", order_id)
          .where("version", "<", event.stream_version)
          .returning("id")
          .executeTakeFirst();
        return deleted ? touched(order_id) : undefined;
      }
      default:
        return;
    }
  }),
};
