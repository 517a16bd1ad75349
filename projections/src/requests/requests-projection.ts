import { sql } from "kysely";
import type { ApprovalStage, StoredEvent } from "@procure/contracts";
import { requestAudience, type Projection } from "../projection.ts";

const requestKeys = (id: string) => [["requests"], ["requests", id], ["dashboard"]];

/** The requests list and detail. Updates are guarded by stream version, so a replay changes nothing. */
export const requestsProjection: Projection = {
  name: "requests",
  version: 1,
  tables: ["rm_requests"],
  handles: ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied", "RequestLinkedToOrder"],
  async apply(db, event) {
    switch (event.type) {
      case "RequestCreated": {
        const d = event.data;
        await db
          .insertInto("rm_requests")
          .values({
            id: d.request_id,
            title: d.title,
            status: "pending",
            amount: d.amount,
            description: d.description,
            category_id: d.category_id,
            category_name: d.category_name,
            vendor_id: d.vendor_id,
            vendor_name: d.vendor_name,
            po_number: null,
            requester_id: d.requester_id,
            requester_email: d.requester_email,
            rule_id: d.rule_id,
            stages: JSON.stringify(d.stages),
            current_stage_role: d.stages.find((s) => s.status === "waiting")?.role ?? null,
            version: event.stream_version,
            created_at: event.recorded_at,
            updated_at: event.recorded_at,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return [{ keys: requestKeys(d.request_id), audience: requestAudience(d.requester_id) }];
      }
      case "RequestStageApproved":
      case "RequestApproved":
      case "RequestDenied":
      case "RequestLinkedToOrder":
        return updateRequest(db, event);
      default:
        return;
    }
  },
};

async function updateRequest(
  db: Parameters<Projection["apply"]>[0],
  event: StoredEvent<"RequestStageApproved" | "RequestApproved" | "RequestDenied" | "RequestLinkedToOrder">,
) {
  const id = event.data.request_id;
  const row = await db
    .selectFrom("rm_requests")
    .select(["stages", "version", "requester_id", "status", "po_number"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.version >= event.stream_version) return;
  let stages = row.stages as unknown as ApprovalStage[];
  let status = row.status;
  let poNumber = row.po_number;
  const decided = { decided_by: event.metadata.actor_email ?? event.metadata.actor_id, decided_at: event.recorded_at };
  switch (event.type) {
    case "RequestStageApproved":
      stages = stages.map((s, i) => (i === event.data.stage_index ? { ...s, status: "approved", ...decided } : s));
      break;
    case "RequestApproved":
      status = "approved";
      break;
    case "RequestDenied":
      status = "denied";
      stages = stages.map((s, i) =>
        i === event.data.stage_index ? { ...s, status: "denied", ...decided } : s.status === "waiting" ? { ...s, status: "skipped" } : s,
      );
      break;
    case "RequestLinkedToOrder":
      poNumber = event.data.po_number;
      break;
  }
  await db
    .updateTable("rm_requests")
    .set({
      status,
      stages: JSON.stringify(stages),
      current_stage_role: status === "pending" ? (stages.find((s) => s.status === "waiting")?.role ?? null) : null,
      po_number: poNumber,
      version: event.stream_version,
      updated_at: event.recorded_at,
    })
    .where("id", "=", id)
    .execute();
  return [{ keys: requestKeys(id), audience: requestAudience(row.requester_id) }];
}

export const requestsOrderedByRecency = sql`coalesce(updated_at, created_at) desc, id`;
