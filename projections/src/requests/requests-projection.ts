import type { EventType } from "@procure/contracts";
import { EventStore } from "@procure/eventstore";
import { requestAudience, type Projection } from "../projection.ts";
import { requestView } from "./request-view.ts";

const rowChanging: readonly EventType[] = ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied", "RequestLinkedToOrder", "RequestUnlinkedFromOrder"];

/** The requests list and detail: each row is the request's own stream folded by `requestView`. */
export const requestsProjection: Projection = {
  name: "requests",
  version: 2,
  tables: ["rm_requests"],
  handles: rowChanging,
  async apply(db, event) {
    // Read through the projection's own transaction, up to this event, so a rebuild folds exactly what the live path did.
    const view = requestView(await new EventStore(db).readStream(event.stream_id, event.stream_version));
    if (!view) return;
    const row = { ...view, stages: JSON.stringify(view.stages) };
    await db
      .insertInto("rm_requests")
      .values(row)
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet((eb) => ({
            status: eb.ref("excluded.status"),
            stages: eb.ref("excluded.stages"),
            current_stage_role: eb.ref("excluded.current_stage_role"),
            po_number: eb.ref("excluded.po_number"),
            version: eb.ref("excluded.version"),
            updated_at: eb.ref("excluded.updated_at"),
          }))
          .where("rm_requests.version", "<", event.stream_version),
      )
      .execute();
    return [{ keys: [["requests"], ["requests", view.id], ["dashboard"]], audience: requestAudience(view.requester_id) }];
  },
};
