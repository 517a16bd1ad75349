import { sql, type Kysely } from "kysely";
import {
  approvalRate,
  dashboardListSize,
  dashboardTopCategories,
  uncategorisedLabel,
  type Dashboard,
  type DashboardRequest,
  type RequestStatus,
} from "@procure/contracts";
import type { Database } from "../tables.ts";
import { readIntegrations } from "../purchasing/integration-queries.ts";
import { readPoGroups } from "../orders/po-group-queries.ts";
import { ownScope, workspaceScope } from "./tally.ts";
import { vendorCounts } from "../vendors/vendor-queries.ts";

export type DashboardViewer = { requesterId: string | null };

/**
 * Every dashboard figure, from rows the projections keep up to date: a handful of totals rows, four category rows,
 * two short index scans for the request card and the open orders' dates. Nothing here reads the log or scans requests.
 */
export async function readDashboard(db: Kysely<Database>, viewer: DashboardViewer, now: Date): Promise<Dashboard> {
  const scope = viewer.requesterId ? ownScope(viewer.requesterId) : workspaceScope;
  const pipeline = await readPipeline(db, scope);
  const purchaseOrders = await readPoGroups(db, now);
  const vendors = await vendorCounts(db);
  const activeCategories = await db
    .selectFrom("rm_dash_categories")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("active", "=", true)
    .executeTakeFirstOrThrow();
  const mode = pipeline.approved.count > 0 ? "ready" : "recent";
  return {
    scope: viewer.requesterId ? "own" : "workspace",
    generatedAt: now.toISOString(),
    kpis: {
      openPurchaseOrders: purchaseOrders.open,
      requestsPendingApproval: pipeline.pending.count,
      activeCatalogueCategories: Number(activeCategories.n),
      activeSuppliers: vendors.active,
    },
    purchaseOrders,
    pipeline,
    requests: { mode, items: await readRequestCard(db, viewer.requesterId, mode) },
    catalogueCoverage: await readCoverage(db, scope, pipeline.submitted.amount),
    integrations: await readIntegrations(db),
  };
}

async function readPipeline(db: Kysely<Database>, scope: string): Promise<Dashboard["pipeline"]> {
  const rows = await db.selectFrom("rm_dash_request_totals").select(["bucket", "count", "amount"]).where("scope", "=", scope).execute();
  const of = (bucket: string) => {
    const row = rows.find((r) => r.bucket === bucket);
    return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
  };
  const approved = of("approved");
  const denied = of("denied");
  return {
    submitted: of("submitted"),
    approved,
    pending: of("pending"),
    denied,
    readyForPo: of("readyForPo"),
    approvalRate: approvalRate({ approved: approved.count, denied: denied.count }),
  };
}

/** Top five by latest change: approved requests still without an order, or simply the latest requests. */
async function readRequestCard(db: Kysely<Database>, requesterId: string | null, mode: "ready" | "recent"): Promise<DashboardRequest[]> {
  let query = db.selectFrom("rm_dash_requests").select(["id", "title", "amount", "status", "category_name", "po_number", "created_at", "updated_at"]);
  if (requesterId) query = query.where("requester_id", "=", requesterId);
  if (mode === "ready") query = query.where("status", "=", "approved").where("po_number", "is", null);
  const rows = await query.orderBy("updated_at", "desc").orderBy("id", "desc").limit(dashboardListSize).execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount), status: r.status as RequestStatus }));
}

/** The top categories by requested amount; names come from the catalogue, else from the requests, else the fallback. */
async function readCoverage(db: Kysely<Database>, scope: string, totalRequested: number): Promise<Dashboard["catalogueCoverage"]> {
  const rows = await db
    .selectFrom("rm_dash_category_spend as s")
    .leftJoin("rm_dash_categories as c", (join) => join.on(sql<boolean>`c.id::text = s.category_key`))
    .select(["s.category_key", "s.category_name", "s.count", "s.amount", "c.name", "c.item_count"])
    .where("s.scope", "=", scope)
    .where("s.count", ">", 0)
    .orderBy("s.amount", "desc")
    .orderBy("s.count", "desc")
    .orderBy(sql`s.category_key collate "C"`)
    .limit(dashboardTopCategories)
    .execute();
  return {
    totalRequested,
    categories: rows.map((r) => ({
      id: r.category_key || null,
      name: r.name ?? r.category_name ?? uncategorisedLabel,
      count: Number(r.count),
      amount: Number(r.amount),
      percent: totalRequested > 0 ? Math.round((Number(r.amount) / totalRequested) * 100) : 0,
      itemCount: Number(r.item_count ?? 0),
    })),
  };
}
