import type { StoredEvent } from "@procure/contracts";
import { requestAudience, type Projection } from "../projection.ts";
import { requesterOf } from "./comments-projection.ts";

type RequestEvent = StoredEvent<
  | "RequestCreated"
  | "RequestStageApproved"
  | "RequestApproved"
  | "RequestDenied"
  | "RequestCommented"
  | "RequestFileAttached"
  | "RequestLinkedToOrder"
  | "RequestUnlinkedFromOrder"
>;

/** What the timeline says happened, and the status it moved the request to (null: unchanged). */
function describe(event: RequestEvent): { action: string; to: string | null; detail: string | null } {
  switch (event.type) {
    case "RequestCreated":
      return { action: "created", to: "pending", detail: event.data.title };
    case "RequestStageApproved":
      return { action: `approved ${event.data.role} stage`, to: null, detail: event.data.comment };
    case "RequestApproved":
      return { action: "approved", to: "approved", detail: event.data.comment };
    case "RequestDenied":
      return { action: "denied", to: "denied", detail: event.data.comment };
    case "RequestCommented":
      return { action: "commented", to: null, detail: event.data.body };
    case "RequestFileAttached":
      return { action: "attached a file", to: null, detail: event.data.filename };
    case "RequestLinkedToOrder":
      return { action: "linked to purchase order", to: null, detail: event.data.po_number };
    case "RequestUnlinkedFromOrder":
      return { action: "purchase order removed", to: null, detail: null };
  }
}

/** The request timeline: one row per event in the request's stream, in stream order. */
export const auditProjection: Projection = {
  name: "request-audit",
  version: 1,
  tables: ["rm_request_audit"],
  handles: [
    "RequestCreated",
    "RequestStageApproved",
    "RequestApproved",
    "RequestDenied",
    "RequestCommented",
    "RequestFileAttached",
    "RequestLinkedToOrder",
    "RequestUnlinkedFromOrder",
  ],
  async apply(db, event) {
    const e = event as RequestEvent;
    const requestId = e.data.request_id;
    const previous = await db
      .selectFrom("rm_request_audit")
      .select(["to_status", "stream_version"])
      .where("request_id", "=", requestId)
      .orderBy("stream_version", "desc")
      .limit(1)
      .executeTakeFirst();
    if (previous && previous.stream_version >= e.stream_version) return;
    const { action, to, detail } = describe(e);
    const from = previous?.to_status ?? null;
    await db
      .insertInto("rm_request_audit")
      .values({
        id: e.event_id,
        request_id: requestId,
        stream_version: e.stream_version,
        action,
        actor_id: e.metadata.actor_id,
        actor_email: e.metadata.actor_email ?? null,
        actor_role: e.metadata.actor_role,
        from_status: from,
        to_status: to ?? from,
        detail,
        created_at: e.recorded_at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    const owner = e.type === "RequestCreated" ? e.data.requester_id : await requesterOf(db, requestId);
    return [{ keys: [["requests", requestId, "audit"]], audience: requestAudience(owner) }];
  },
};
