import { sql, type Kysely } from "kysely";
import type { WorkOrder, WorkOrderTimelineEntry } from "@procure/contracts";
import type { Database } from "../tables.ts";

export type WorkOrderFilter = {
  status?: string;
  priority?: string;
  q?: string;
  limit: number;
  /** Keyset position of the last row of the previous page. */
  cursor?: { createdAt: string; id: string };
};

/** The triage queue, newest first. */
export async function listWorkOrders(db: Kysely<Database>, filter: WorkOrderFilter): Promise<WorkOrder[]> {
  let query = db.selectFrom("rm_work_orders").select(workOrderColumns);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.priority) query = query.where("priority", "=", filter.priority);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb("title", "ilike", like), eb("requester_name", "ilike", like), eb("id", "ilike", like)]));
  }
  if (filter.cursor) {
    query = query.where(sql<boolean>`(created_at, id) < (${filter.cursor.createdAt}::timestamptz, ${filter.cursor.id})`);
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(filter.limit).execute();
  return rows as WorkOrder[];
}

const workOrderColumns = [
  "id",
  "title",
  "details",
  "requester_name",
  "requester_email",
  "priority",
  "due_date",
  "status",
  "owner_id",
  "owner_email",
  "created_at",
  "updated_at",
] as const;

export async function getWorkOrder(db: Kysely<Database>, id: string): Promise<WorkOrder | null> {
  const row = await db.selectFrom("rm_work_orders").select(workOrderColumns).where("id", "=", id).executeTakeFirst();
  return (row as WorkOrder | undefined) ?? null;
}

export async function listWorkOrderTimeline(db: Kysely<Database>, id: string): Promise<WorkOrderTimelineEntry[]> {
  const rows = await db.selectFrom("rm_work_order_timeline").selectAll().where("work_order_id", "=", id).orderBy("stream_version").execute();
  return rows as WorkOrderTimelineEntry[];
}
