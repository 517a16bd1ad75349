import type { Kysely } from "kysely";
import type { StoredEvent } from "@procure/contracts";
import { requestAudience, type Projection } from "../projection.ts";
import type { Database } from "../tables.ts";
import { scopesOf, tally } from "./tally.ts";

type RequestChange = StoredEvent<"RequestStageApproved" | "RequestApproved" | "RequestDenied" | "RequestLinkedToOrder" | "RequestUnlinkedFromOrder">;
type Bucket = "submitted" | "pending" | "approved" | "denied" | "readyForPo";
type Tracked = { requester_id: string; amount: number; status: string; po_number: string | null };

const touched = (requesterId: string) => [{ keys: [["dashboard"]], audience: requestAudience(requesterId) }];

/** The buckets a request counts in: every request is submitted; an approved one without an order is ready for one. */
function bucketsOf(r: Pick<Tracked, "status" | "po_number">): Bucket[] {
  const buckets: Bucket[] = ["submitted"];
  if (r.status === "pending" || r.status === "approved" || r.status === "denied") buckets.push(r.status);
  if (r.status === "approved" && r.po_number === null) buckets.push("readyForPo");
  return buckets;
}

async function count(db: Kysely<Database>, r: Tracked, buckets: Bucket[], sign: 1 | -1) {
  for (const scope of scopesOf(r.requester_id)) {
    for (const bucket of buckets) {
      await tally(db, "rm_dash_request_totals", { scope, bucket }, { count: sign, amount: sign * Number(r.amount) });
    }
  }
}

/**
 * The dashboard's request figures, per scope (workspace and each requester's own): pipeline counts and amounts,
 * requested spend by category, and a copy of each request's list fields so the card lists read an index, not the log.
 */
export const dashboardRequestsProjection: Projection = {
  name: "dashboard-requests",
  version: 1,
  tables: ["rm_dash_requests", "rm_dash_request_totals", "rm_dash_category_spend"],
  handles: ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied", "RequestLinkedToOrder", "RequestUnlinkedFromOrder"],
  async apply(db, event) {
    if (event.type === "RequestCreated") {
      const d = event.data;
      const row = {
        id: d.request_id,
        requester_id: d.requester_id,
        title: d.title,
        amount: d.amount,
        status: "pending",
        category_key: d.category_id ?? "",
        category_name: d.category_name,
        po_number: null,
        version: event.stream_version,
        created_at: event.recorded_at,
        updated_at: event.recorded_at,
      };
      const inserted = await db.insertInto("rm_dash_requests").values(row).onConflict((oc) => oc.column("id").doNothing()).returning("id").executeTakeFirst();
      if (!inserted) return;
      await count(db, row, bucketsOf(row), 1);
      for (const scope of scopesOf(d.requester_id)) {
        await tally(db, "rm_dash_category_spend", { scope, category_key: row.category_key }, { count: 1, amount: d.amount }, { category_name: d.category_name });
      }
      return touched(d.requester_id);
    }
    const e = event as RequestChange;
    const before = await db
      .selectFrom("rm_dash_requests")
      .select(["requester_id", "amount", "status", "po_number", "version"])
      .where("id", "=", e.data.request_id)
      .executeTakeFirst();
    if (!before || before.version >= e.stream_version) return;
    const after: Tracked = { ...before };
    if (e.type === "RequestApproved") after.status = "approved";
    if (e.type === "RequestDenied") after.status = "denied";
    if (e.type === "RequestLinkedToOrder") after.po_number = e.data.po_number;
    if (e.type === "RequestUnlinkedFromOrder") after.po_number = null;
    const was = bucketsOf(before);
    const is = bucketsOf(after);
    await count(db, before, was.filter((b) => !is.includes(b)), -1);
    await count(db, after, is.filter((b) => !was.includes(b)), 1);
    await db
      .updateTable("rm_dash_requests")
      .set({ status: after.status, po_number: after.po_number, version: e.stream_version, updated_at: e.recorded_at })
      .where("id", "=", e.data.request_id)
      .execute();
    return touched(before.requester_id);
  },
};
