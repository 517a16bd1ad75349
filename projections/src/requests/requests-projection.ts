import type { EventType, PurchaseRequest, StoredEvent } from "@procure/contracts";
import { requestAudience, type Projection, type Touch } from "../projection.ts";
import { distinct, inSlices } from "../batch.ts";
import { nextRequestView } from "./request-view.ts";

const rowChanging: readonly EventType[] = ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied", "RequestLinkedToOrder", "RequestUnlinkedFromOrder"];

const requestIdOf = (event: StoredEvent) => (event.data as { request_id: string }).request_id;

/**
 * The requests list and detail: each row is the request's stream folded by `nextRequestView`. A batch loads the
 * rows it touches in one query, folds its events onto them, and writes every changed row in one upsert.
 */
export const requestsProjection: Projection = {
  name: "requests",
  version: 2,
  tables: ["rm_requests"],
  handles: rowChanging,
  async apply(db, events) {
    const ids = distinct(events, requestIdOf);
    const stored = await db.selectFrom("rm_requests").selectAll().where("id", "in", ids).execute();
    const views = new Map<string, PurchaseRequest>(stored.map((row) => [row.id, row as unknown as PurchaseRequest]));
    const changed = new Map<string, PurchaseRequest>();
    for (const event of events) {
      const id = requestIdOf(event);
      const before = views.get(id) ?? null;
      // Already folded (a replayed batch), or an event before the request's creation: nothing to do.
      if (before && before.version >= event.stream_version) continue;
      const after = nextRequestView(before, event);
      if (!after) continue;
      views.set(id, after);
      changed.set(id, after);
    }
    if (changed.size === 0) return [];
    const rows = [...changed.values()].map((view) => ({ ...view, stages: JSON.stringify(view.stages) }));
    await inSlices(rows, (slice) =>
      db
      .insertInto("rm_requests")
      .values(slice)
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
          .whereRef("rm_requests.version", "<", "excluded.version"),
      )
      .execute(),
    );
    return [...changed.values()].map(
      (view): Touch => ({ keys: [["requests"], ["requests", view.id], ["dashboard"]], audience: requestAudience(view.requester_id) }),
    );
  },
};
