import type { StoredEvent } from "@procure/contracts";
import { type Projection, oneAtATime } from "../projection.ts";
import { workOrderTouch } from "./work-order-touch.ts";

type WorkOrderEvent = StoredEvent<"WorkOrderSubmitted" | "WorkOrderAssigned" | "WorkOrderStatusChanged">;

function describe(event: WorkOrderEvent): { action: string; from: string | null; to: string | null; detail: string | null } {
  switch (event.type) {
    case "WorkOrderSubmitted":
      return { action: "submitted", from: null, to: "submitted", detail: `Priority ${event.data.priority}` };
    case "WorkOrderAssigned":
      return event.data.owner_email
        ? { action: "assigned", from: null, to: null, detail: `Owner: ${event.data.owner_email}` }
        : { action: "unassigned", from: null, to: null, detail: null };
    case "WorkOrderStatusChanged":
      return { action: "status changed", from: event.data.from_status, to: event.data.to_status, detail: event.data.note };
  }
}

/** Each change to a work order, in stream order, with who made it. */
export const workOrderTimelineProjection: Projection = {
  name: "work-order-timeline",
  version: 1,
  tables: ["rm_work_order_timeline"],
  handles: ["WorkOrderSubmitted", "WorkOrderAssigned", "WorkOrderStatusChanged"],
  apply: oneAtATime(async (db, event) => {
    const e = event as WorkOrderEvent;
    const { action, from, to, detail } = describe(e);
    await db
      .insertInto("rm_work_order_timeline")
      .values({
        id: e.event_id,
        work_order_id: e.data.work_order_id,
        stream_version: e.stream_version,
        action,
        actor_email: e.metadata.actor_email ?? null,
        actor_role: e.metadata.actor_role,
        from_status: from,
        to_status: to,
        detail,
        created_at: e.recorded_at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return workOrderTouch(e.data.work_order_id);
  }),
};
