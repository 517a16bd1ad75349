import { sql } from "kysely";
import { cacheKeys, formatCurrency, type StoredEvent } from "@procure/contracts";
import { type Projection } from "../projection.ts";
import { requestAudience } from "../audiences.ts";
import { distinct, inArray, insertRows, seenBefore, type ColumnTypes } from "../batch.ts";
import { requestOwners } from "./request-owners.ts";
import type { RequestAuditRow } from "../tables.ts";

type RequestEvent = StoredEvent<
  | "RequestCreated"
  | "RequestStageApproved"
  | "RequestApproved"
  | "RequestDenied"
  | "RequestDecisionWithdrawn"
  | "RequestCommented"
  | "RequestFileAttached"
  | "RequestLinkedToOrder"
  | "RequestUnlinkedFromOrder"
  | "RequestEdited"
  | "RequestWithdrawn"
  | "RequestResubmitted"
>;

const columns: ColumnTypes<RequestAuditRow> = {
  id: "uuid",
  request_id: "uuid",
  stream_version: "int",
  action: "text",
  actor_id: "text",
  actor_email: "text",
  actor_role: "text",
  from_status: "text",
  to_status: "text",
  detail: "text",
  created_at: "timestamptz",
};

/** The details an edit or resubmission left the request with, as one line of the timeline. */
function editSummary(d: StoredEvent<"RequestEdited" | "RequestResubmitted">["data"]): string {
  return [d.title, formatCurrency(d.amount), d.vendor_name, d.category_name].filter(Boolean).join(" · ");
}

/** What the timeline says happened, and the status it moved the request to (null: unchanged). */
/** A decision taken as someone's delegate says whose it was: the actor is the delegate. */
const onBehalf = (data: { on_behalf_of?: { email: string } | null }) => (data.on_behalf_of ? ` on behalf of ${data.on_behalf_of.email}` : "");

function describe(event: RequestEvent): { action: string; to: string | null; detail: string | null } {
  switch (event.type) {
    case "RequestCreated":
      return { action: "created", to: "pending", detail: event.data.title };
    case "RequestStageApproved":
      return { action: `approved ${event.data.role} stage${onBehalf(event.data)}`, to: null, detail: event.data.comment };
    case "RequestApproved":
      return { action: `approved${onBehalf(event.data)}`, to: "approved", detail: event.data.comment };
    case "RequestDenied":
      return { action: `denied${onBehalf(event.data)}`, to: "denied", detail: event.data.comment };
    case "RequestDecisionWithdrawn":
      return { action: "decision withdrawn", to: "pending", detail: event.data.verdict === "approved" ? "approval taken back" : "denial taken back" };
    case "RequestCommented":
      return { action: "commented", to: null, detail: event.data.body };
    case "RequestFileAttached":
      return { action: "attached a file", to: null, detail: event.data.filename };
    case "RequestLinkedToOrder":
      return { action: "linked to purchase order", to: null, detail: event.data.po_number };
    case "RequestUnlinkedFromOrder":
      return { action: "purchase order removed", to: null, detail: null };
    case "RequestEdited":
      return { action: "edited", to: "pending", detail: editSummary(event.data) };
    case "RequestWithdrawn":
      return { action: "withdrawn", to: "withdrawn", detail: event.data.reason };
    case "RequestResubmitted":
      return { action: "resubmitted", to: "pending", detail: editSummary(event.data) };
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
    "RequestDecisionWithdrawn",
    "RequestCommented",
    "RequestFileAttached",
    "RequestLinkedToOrder",
    "RequestUnlinkedFromOrder",
    "RequestEdited",
    "RequestWithdrawn",
    "RequestResubmitted",
  ],
  reads: ["requests"],
  async apply(db, events, context) {
    const requestEvents = events as readonly RequestEvent[];
    const ids = seenBefore(requestEvents, (e) => e.data.request_id);
    // Each request's newest timeline row: where the next event's from-status comes from.
    const newest = ids.length
      ? await db
          .selectFrom("rm_request_audit")
          .select(["request_id", "to_status", "stream_version"])
          .distinctOn("request_id")
          .where(inArray("request_id", ids))
          .orderBy("request_id")
          .orderBy("stream_version", "desc")
          .execute()
      : [];
    const latest = new Map(newest.map((row) => [row.request_id, row]));
    const rows: RequestAuditRow[] = [];
    for (const e of requestEvents) {
      const requestId = e.data.request_id;
      const previous = latest.get(requestId);
      if (previous && previous.stream_version >= e.stream_version) continue;
      const { action, to, detail } = describe(e);
      const from = previous?.to_status ?? null;
      latest.set(requestId, { request_id: requestId, to_status: to ?? from, stream_version: e.stream_version });
      rows.push({
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
      });
    }
    // One row per event, and a replay hands each event over once: every row is new.
    await insertRows(db, "rm_request_audit", columns, rows, sql`on conflict (request_id, stream_version) do nothing`, context, () => true);
    if (context?.touches === false) return [];
    const touchedIds = distinct(rows, (row) => row.request_id);
    const owners = new Map<string, string>();
    for (const e of requestEvents) if (e.type === "RequestCreated") owners.set(e.data.request_id, e.data.requester_id);
    for (const [id, owner] of await requestOwners(
      db,
      touchedIds.filter((id) => !owners.has(id)),
      context,
    ))
      owners.set(id, owner);
    return touchedIds.map((id) => ({ keys: [cacheKeys.requestAudit(id)], audience: requestAudience(owners.get(id) ?? "") }));
  },
};
