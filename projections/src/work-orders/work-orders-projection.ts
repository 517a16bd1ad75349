import { type Projection, oneAtATime } from "../projection.ts";
import { workOrderTouch } from "./work-order-touch.ts";

/** The work-order queue procurement triages: one row per work order, guarded by stream version. */
export const workOrdersProjection: Projection = {
  name: "work-orders",
  version: 1,
  tables: ["rm_work_orders"],
  handles: ["WorkOrderSubmitted", "WorkOrderAssigned", "WorkOrderStatusChanged"],
  apply: oneAtATime(async (db, event) => {
    const at = event.recorded_at;
    const version = event.stream_version;
    switch (event.type) {
      case "WorkOrderSubmitted": {
        const d = event.data;
        await db
          .insertInto("rm_work_orders")
          .values({
            id: d.work_order_id,
            title: d.title,
            details: d.details,
            requester_name: d.requester_name,
            requester_email: d.requester_email,
            priority: d.priority,
            due_date: d.due_date,
            status: "submitted",
            owner_id: null,
            owner_email: null,
            version,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return workOrderTouch(d.work_order_id);
      }
      case "WorkOrderAssigned":
      case "WorkOrderStatusChanged": {
        const d = event.data;
        const change =
          event.type === "WorkOrderAssigned" ? { owner_id: event.data.owner_id, owner_email: event.data.owner_email } : { status: event.data.to_status };
        await db
          .updateTable("rm_work_orders")
          .set({ ...change, version, updated_at: at })
          .where("id", "=", d.work_order_id)
          .where("version", "<", version)
          .execute();
        return workOrderTouch(d.work_order_id);
      }
      default:
        return;
    }
  }),
};
