import { sql, type Insertable } from "kysely";
import { cacheKeys, type StoredEvent } from "@procure/contracts";
import { inArray, insertRows, keysToLoad, unnestRows, write } from "../batch.ts";
import { type Projection, type Touch } from "../projection.ts";
import { requestAudience } from "../audiences.ts";
import type { DashRequestsRow } from "../purchasing/tables.ts";
import { scopesOf, TallyDeltas } from "./tally.ts";

type DashRequestInsert = Insertable<DashRequestsRow>;

type RequestChange = StoredEvent<
  | "RequestStageApproved"
  | "RequestApproved"
  | "RequestDenied"
  | "RequestDecisionWithdrawn"
  | "RequestLinkedToOrder"
  | "RequestUnlinkedFromOrder"
  | "RequestEdited"
  | "RequestWithdrawn"
  | "RequestResubmitted"
>;
type Bucket = "submitted" | "pending" | "approved" | "denied" | "withdrawn" | "readyForPo";
type Tracked = { requester_id: string; title: string; amount: number; status: string; po_number: string | null };

const touched = (requesterId: string) => [{ keys: [cacheKeys.dashboard()], audience: requestAudience(requesterId) }];

/** The buckets a request counts in: every request is submitted; an approved one without an order is ready for one. */
function bucketsOf(r: Pick<Tracked, "status" | "po_number">): Bucket[] {
  const buckets: Bucket[] = ["submitted"];
  if (r.status === "pending" || r.status === "approved" || r.status === "denied" || r.status === "withdrawn") buckets.push(r.status);
  if (r.status === "approved" && r.po_number === null) buckets.push("readyForPo");
  return buckets;
}

function count(tallies: TallyDeltas, r: Tracked, buckets: Bucket[], sign: 1 | -1) {
  for (const scope of scopesOf(r.requester_id)) {
    for (const bucket of buckets) tallies.add("rm_dash_request_totals", { scope, bucket }, { count: sign, amount: sign * Number(r.amount) });
  }
}

/**
 * The dashboard's request figures, per scope (workspace and each requester's own): pipeline counts and amounts,
 * requested spend by category, and a copy of each request's list fields so the card lists read an index, not the log.
 */
export const dashboardRequestsProjection: Projection = {
  name: "dashboard-requests",
  version: 2,
  tables: ["rm_dash_requests", "rm_dash_request_totals", "rm_dash_category_spend"],
  handles: [
    "RequestCreated",
    "RequestStageApproved",
    "RequestApproved",
    "RequestDenied",
    "RequestDecisionWithdrawn",
    "RequestLinkedToOrder",
    "RequestUnlinkedFromOrder",
    "RequestEdited",
    "RequestWithdrawn",
    "RequestResubmitted",
  ],
  async apply(db, events, context) {
    const ids = keysToLoad(events, (e) => (e.data as { request_id: string }).request_id, context);
    const stored = ids.length
      ? await db
          .selectFrom("rm_dash_requests")
          .select(["id", "requester_id", "title", "amount", "status", "po_number", "version"])
          .where(inArray("id", ids))
          .execute()
      : [];
    const rows = new Map<string, Tracked & { id: string; version: number }>(stored.map((row) => [row.id, row]));
    const inserts = new Map<string, DashRequestInsert>();
    const updates = new Map<
      string,
      { id: string; title: string; amount: number; status: string; po_number: string | null; version: number; updated_at: string }
    >();
    const tallies = new TallyDeltas();
    const touches: Touch[] = [];
    for (const event of events) {
      if (event.type === "RequestCreated") {
        const d = event.data;
        if (rows.has(d.request_id)) continue;
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
        inserts.set(row.id, row);
        rows.set(row.id, row);
        count(tallies, row, bucketsOf(row), 1);
        for (const scope of scopesOf(d.requester_id)) {
          tallies.add("rm_dash_category_spend", { scope, category_key: row.category_key }, { count: 1, amount: d.amount }, { category_name: d.category_name });
        }
        touches.push(...touched(d.requester_id));
        continue;
      }
      const e = event as RequestChange;
      const before = rows.get(e.data.request_id);
      if (!before || before.version >= e.stream_version) continue;
      const after = { ...before, version: e.stream_version };
      if (e.type === "RequestApproved") after.status = "approved";
      if (e.type === "RequestDenied") after.status = "denied";
      if (e.type === "RequestDecisionWithdrawn") after.status = "pending";
      if (e.type === "RequestLinkedToOrder") after.po_number = e.data.po_number;
      if (e.type === "RequestUnlinkedFromOrder") after.po_number = null;
      if (e.type === "RequestWithdrawn") after.status = "withdrawn";
      if (e.type === "RequestEdited" || e.type === "RequestResubmitted") Object.assign(after, { title: e.data.title, amount: e.data.amount });
      if (e.type === "RequestResubmitted") after.status = "pending";
      const was = bucketsOf(before);
      const is = bucketsOf(after);
      // A changed amount moves out of every bucket and back in; otherwise only the buckets that changed move.
      const sameAmount = Number(before.amount) === Number(after.amount);
      count(
        tallies,
        before,
        was.filter((b) => !sameAmount || !is.includes(b)),
        -1,
      );
      count(
        tallies,
        after,
        is.filter((b) => !sameAmount || !was.includes(b)),
        1,
      );
      rows.set(after.id, after);
      const change = {
        id: after.id,
        title: after.title,
        amount: after.amount,
        status: after.status,
        po_number: after.po_number,
        version: after.version,
        updated_at: e.recorded_at,
      };
      // A row created in this batch is written once, in its latest state.
      const created = inserts.get(after.id);
      if (created) Object.assign(created, change);
      else updates.set(after.id, change);
      touches.push(...touched(before.requester_id));
    }
    await insertRows(
      db,
      "rm_dash_requests",
      {
        id: "uuid",
        requester_id: "text",
        title: "text",
        amount: "numeric",
        status: "text",
        category_key: "text",
        category_name: "text",
        po_number: "text",
        version: "int",
        created_at: "timestamptz",
        updated_at: "timestamptz",
      },
      [...inserts.values()],
      sql`on conflict (id) do nothing`,
      context,
      // Only requests it did not find: none of them can be in the table.
      () => true,
    );
    if (updates.size > 0) {
      const changes = unnestRows([...updates.values()], {
        id: "uuid",
        title: "text",
        amount: "numeric",
        status: "text",
        po_number: "text",
        version: "int",
        updated_at: "timestamptz",
      });
      const update = sql`update rm_dash_requests as r set title = v.title, amount = v.amount, status = v.status, po_number = v.po_number,
        version = v.version, updated_at = v.updated_at
        from ${changes} where r.id = v.id`;
      await write(db, "rm_dash_requests", update, context);
    }
    await tallies.flush(db, context);
    return touches;
  },
};
