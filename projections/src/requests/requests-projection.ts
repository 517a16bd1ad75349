import { sql } from "kysely";
import { cacheKeys, type EventType, type PurchaseRequest, type StoredEvent } from "@procure/contracts";
import { type Projection, type Touch } from "../projection.ts";
import { requestAudience } from "../audiences.ts";
import { inArray, insertRows, seenBefore, type ColumnTypes } from "../batch.ts";
import { nextRequestView } from "./request-view.ts";
import { queueKey } from "./queue-key.ts";

const rowChanging: readonly EventType[] = [
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
];

type RequestRow = Omit<PurchaseRequest, "stages" | "lines" | "budget_impact" | "decision_blocked_reason"> & {
  stages: string;
  lines: string;
  queue_key: string;
};

const columns: ColumnTypes<RequestRow> = {
  id: "uuid",
  title: "text",
  status: "text",
  amount: "numeric",
  lines: "jsonb",
  description: "text",
  category_id: "text",
  category_name: "text",
  vendor_id: "text",
  vendor_name: "text",
  po_number: "text",
  order_id: "text",
  decision_comment: "text",
  priority: "text",
  needed_by: "text",
  queue_key: "text",
  requester_id: "text",
  requester_email: "text",
  rule_id: "text",
  stages: "jsonb",
  current_stage_role: "text",
  version: "int",
  created_at: "timestamptz",
  updated_at: "timestamptz",
};

const requestIdOf = (event: StoredEvent) => (event.data as { request_id: string }).request_id;

/**
 * The requests list and detail: each row is the request's stream folded by `nextRequestView`. A batch loads the
 * rows it touches in one query, folds its events onto them, and writes every changed row in one upsert.
 */
export const requestsProjection: Projection = {
  name: "requests",
  version: 5,
  tables: ["rm_requests"],
  handles: rowChanging,
  async apply(db, events, context) {
    const ids = seenBefore(events, requestIdOf);
    const stored = ids.length ? await db.selectFrom("rm_requests").selectAll().where(inArray("id", ids)).execute() : [];
    const views = new Map<string, PurchaseRequest>(stored.map((row) => [row.id, row as unknown as PurchaseRequest]));
    const loaded = new Set(views.keys());
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
    const rows = [...changed.values()].map((view): RequestRow => ({
      ...view,
      stages: JSON.stringify(view.stages),
      lines: JSON.stringify(view.lines),
      queue_key: queueKey(view.priority, view.created_at),
    }));
    await insertRows(
      db,
      "rm_requests",
      columns,
      rows,
      sql`on conflict (id) do update set status = excluded.status, stages = excluded.stages,
        current_stage_role = excluded.current_stage_role, po_number = excluded.po_number, order_id = excluded.order_id,
        decision_comment = excluded.decision_comment, title = excluded.title, amount = excluded.amount,
        lines = excluded.lines, description = excluded.description, category_id = excluded.category_id, category_name = excluded.category_name,
        vendor_id = excluded.vendor_id, vendor_name = excluded.vendor_name, rule_id = excluded.rule_id,
        priority = excluded.priority, needed_by = excluded.needed_by, queue_key = excluded.queue_key,
        version = excluded.version, updated_at = excluded.updated_at
      where rm_requests.version < excluded.version`,
      context,
      (row) => !loaded.has(row.id),
    );
    return [...changed.values()].map((view): Touch => ({
      keys: [cacheKeys.requests(), cacheKeys.request(view.id), cacheKeys.dashboard()],
      audience: requestAudience(view.requester_id),
    }));
  },
};
