import type { ApprovalStage } from "@procure/contracts";
import type { Projection } from "../projection.ts";
import { bump, counterNames } from "./counters.ts";

const inboxTouch = [{ keys: [["inbox"]], audience: { everyone: true } }];

/** Pending-request counters by requester and by the role whose decision is awaited. */
export const inboxProjection: Projection = {
  name: "inbox",
  version: 1,
  tables: ["rm_inbox_requests", "rm_counters"],
  // The counters table is shared (orders keep their own counter there); clear only the request counters.
  async reset(db) {
    await db.deleteFrom("rm_inbox_requests").execute();
    await db.deleteFrom("rm_counters").where("name", "like", "requests:%").execute();
  },
  handles: ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied"],
  async apply(db, event) {
    if (event.type === "RequestCreated") {
      const stage = firstWaiting(event.data.stages);
      await db
        .insertInto("rm_inbox_requests")
        .values({ request_id: event.data.request_id, requester_id: event.data.requester_id, status: "pending", current_stage_role: stage })
        .execute();
      await bump(db, counterNames.pendingRequests, 1);
      await bump(db, counterNames.pendingFor(event.data.requester_id), 1);
      await bump(db, counterNames.pendingAtStage(stage), 1);
      return inboxTouch;
    }
    if (event.type !== "RequestStageApproved" && event.type !== "RequestApproved" && event.type !== "RequestDenied") return;
    const row = await db
      .selectFrom("rm_inbox_requests")
      .selectAll()
      .where("request_id", "=", event.data.request_id)
      .executeTakeFirst();
    if (!row || row.status !== "pending") return;
    if (event.type === "RequestStageApproved") {
      const next = await nextStageRole(db, event.data.request_id, event.data.stage_index);
      await bump(db, counterNames.pendingAtStage(row.current_stage_role), -1);
      await bump(db, counterNames.pendingAtStage(next), 1);
      await db.updateTable("rm_inbox_requests").set({ current_stage_role: next }).where("request_id", "=", row.request_id).execute();
      return inboxTouch;
    }
    await bump(db, counterNames.pendingRequests, -1);
    await bump(db, counterNames.pendingFor(row.requester_id), -1);
    await bump(db, counterNames.pendingAtStage(row.current_stage_role), -1);
    await db
      .updateTable("rm_inbox_requests")
      .set({ status: event.type === "RequestApproved" ? "approved" : "denied", current_stage_role: null })
      .where("request_id", "=", row.request_id)
      .execute();
    return inboxTouch;
  },
};

function firstWaiting(stages: ApprovalStage[]): string | null {
  return stages.find((s) => s.status === "waiting")?.role ?? null;
}

/** The stage after `approvedIndex`, read from the request's creation event (the route is fixed when it is raised). */
async function nextStageRole(db: Parameters<Projection["apply"]>[0], requestId: string, approvedIndex: number) {
  const created = await db
    .selectFrom("events")
    .select("data")
    .where("stream_id", "=", `request-${requestId}`)
    .where("stream_version", "=", 1)
    .executeTakeFirst();
  const stages = ((created?.data ?? {}) as { stages?: ApprovalStage[] }).stages ?? [];
  return stages[approvedIndex + 1]?.role ?? null;
}
