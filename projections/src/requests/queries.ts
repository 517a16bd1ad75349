import { sql, type Kysely } from "kysely";
import {
  approvalRate,
  toCents,
  type ApprovalStage,
  type AuditEntry,
  type Comment,
  type PurchaseRequest,
  type ListSort,
  type RequestFile,
  type RequestLine,
  type RequestPriority,
  type RequestSortField,
  type RequestStatus,
  type RequestSummary,
  type Role,
} from "@procure/contracts";
import type { Selectable } from "kysely";
import type { Database, RequestsRow } from "../tables.ts";
import { keysetPage, type Keyset, type Page, type SortColumn } from "../lists/keyset.ts";

export function toPurchaseRequest({ queue_key: _queueKey, ...row }: Selectable<RequestsRow>): PurchaseRequest {
  return {
    ...row,
    status: row.status as RequestStatus,
    priority: row.priority as RequestPriority,
    amount: Number(row.amount),
    stages: row.stages as unknown as ApprovalStage[],
    lines: row.lines as unknown as RequestLine[],
    current_stage_role: row.current_stage_role as Role | null,
  };
}

export type RequestFilter = {
  status?: RequestStatus;
  q?: string;
  vendorId?: string;
  requesterId?: string;
  awaitingRole?: Role;
  sort: ListSort<RequestSortField>;
  limit: number;
  after?: Keyset;
};

/** What each sortable column orders on; an index on (expression, id) backs each (the requests list-sorts migration). */
const requestSortColumns: Record<RequestSortField, SortColumn> = {
  updated_at: { expr: sql`updated_at`, type: "timestamptz" },
  created_at: { expr: sql`created_at`, type: "timestamptz" },
  title: { expr: sql`lower(title)`, type: "text" },
  amount: { expr: sql`amount`, type: "numeric" },
  status: { expr: sql`status`, type: "text" },
  priority: { expr: sql`queue_key`, type: "text" },
};

/** The requests a filter matches, as a query the list pages and the summary counts. */
function matching(db: Kysely<Database>, filter: Omit<RequestFilter, "limit" | "after" | "sort">) {
  let query = db.selectFrom("rm_requests");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.requesterId) query = query.where("requester_id", "=", filter.requesterId);
  if (filter.vendorId) query = query.where("vendor_id", "=", filter.vendorId);
  if (filter.awaitingRole) {
    const role = filter.awaitingRole;
    query = query.where("status", "=", "pending");
    if (role !== "admin") {
      query = query.where((eb) =>
        eb.or([eb("current_stage_role", "=", role), ...(["approver", "finance"].includes(role) ? [eb("current_stage_role", "is", null)] : [])]),
      );
    }
  }
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("title", "ilike", like), eb("category_name", "ilike", like), eb("vendor_name", "ilike", like), eb("requester_email", "ilike", like)]),
    );
  }
  return query;
}

/** A page of the requests a filter matches, in the order it asks for. */
export async function listRequests(db: Kysely<Database>, filter: RequestFilter): Promise<Page<PurchaseRequest>> {
  return keysetPage(matching(db, filter).selectAll(), requestSortColumns, filter.sort, { limit: filter.limit, after: filter.after }, toPurchaseRequest);
}

/**
 * Counts by status, requested spend and the latest submission over every request a filter matches, never a page
 * of them. Without a search the figures come from the dashboard's running totals and one index probe, so they
 * cost the same at any size; a search counts what it matches.
 */
export async function summarizeRequests(db: Kysely<Database>, filter: { q?: string; requesterId?: string }): Promise<RequestSummary> {
  const latest = await matching(db, filter).select("created_at").orderBy("created_at", "desc").limit(1).executeTakeFirst();
  const latestSubmission = latest?.created_at ?? null;
  if (!filter.q) {
    const scope = filter.requesterId ? `user:${filter.requesterId}` : "workspace";
    const totals = await db.selectFrom("rm_dash_request_totals").select(["bucket", "count", "amount"]).where("scope", "=", scope).execute();
    const of = (bucket: string) => totals.find((t) => t.bucket === bucket);
    return {
      counts: {
        all: Number(of("submitted")?.count ?? 0),
        approved: Number(of("approved")?.count ?? 0),
        pending: Number(of("pending")?.count ?? 0),
        denied: Number(of("denied")?.count ?? 0),
        withdrawn: Number(of("withdrawn")?.count ?? 0),
      },
      spend: Number(of("submitted")?.amount ?? 0),
      latest_submission: latestSubmission,
      approval_rate: approvalRate({ approved: Number(of("approved")?.count ?? 0), denied: Number(of("denied")?.count ?? 0) }),
    };
  }
  const rows = await matching(db, filter)
    .select((eb) => ["status", eb.fn.countAll<string>().as("n"), eb.fn.sum<string>("amount").as("amount")])
    .groupBy("status")
    .execute();
  const counts = { all: 0, approved: 0, pending: 0, denied: 0, withdrawn: 0 };
  let spend = 0;
  for (const row of rows) {
    counts.all += Number(row.n);
    if (row.status === "approved" || row.status === "pending" || row.status === "denied" || row.status === "withdrawn") counts[row.status] += Number(row.n);
    spend += Number(row.amount ?? 0);
  }
  return { counts, spend: toCents(spend), latest_submission: latestSubmission, approval_rate: approvalRate(counts) };
}

export async function getRequest(db: Kysely<Database>, id: string): Promise<PurchaseRequest | null> {
  const row = await db.selectFrom("rm_requests").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPurchaseRequest(row) : null;
}

export async function listComments(db: Kysely<Database>, requestId: string): Promise<Comment[]> {
  return db.selectFrom("rm_request_comments").selectAll().where("request_id", "=", requestId).orderBy("created_at").orderBy("id").execute();
}

export async function listAudit(db: Kysely<Database>, requestId: string): Promise<AuditEntry[]> {
  return db.selectFrom("rm_request_audit").selectAll().where("request_id", "=", requestId).orderBy("stream_version").execute();
}

/** The timelines of many requests in one read, for exports. */
export async function listAuditOf(db: Kysely<Database>, requestIds: readonly string[]): Promise<AuditEntry[]> {
  if (requestIds.length === 0) return [];
  return db.selectFrom("rm_request_audit").selectAll().where("request_id", "in", requestIds).orderBy("request_id").orderBy("stream_version").execute();
}

export async function listFiles(db: Kysely<Database>, requestId: string) {
  return db.selectFrom("rm_request_files").selectAll().where("request_id", "=", requestId).orderBy("created_at").orderBy("id").execute();
}

export async function getFile(db: Kysely<Database>, requestId: string, fileId: string) {
  return db.selectFrom("rm_request_files").selectAll().where("request_id", "=", requestId).where("id", "=", fileId).executeTakeFirst();
}

export function toRequestFile(row: Awaited<ReturnType<typeof listFiles>>[number]): RequestFile {
  return {
    id: row.id,
    filename: row.filename,
    url: `/api/requests/${row.request_id}/files/${row.id}`,
    size: row.size,
    content_type: row.content_type,
    sha256: row.sha256,
    uploaded_by: row.uploaded_by,
    created_at: row.created_at,
  };
}
