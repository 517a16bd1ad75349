import { z } from "zod";
import { poGroupOf } from "./po-status.ts";
import { requestStatus } from "./requests.ts";

/** How many requests the "ready for purchase orders" / "Recent requests" card lists, and categories the coverage card. */
export const dashboardListSize = 5;
export const dashboardTopCategories = 4;
export const dashboardDueSoonDays = 7;
export const uncategorisedLabel = "Uncategorised";

/** Committed spend: every order that was not cancelled (open, receiving and closed alike). */
export function countsAsCommitted(status: unknown): boolean {
  return poGroupOf(status) !== "cancelled";
}

const countAndAmount = z.object({ count: z.number().int(), amount: z.number() });

export const integrationStatuses = ["connected", "enabled", "ready", "scheduled", "planned", "action-required"] as const;
export const integrationStatus = z.enum(integrationStatuses);

export const dashboardRequest = z.object({
  id: z.uuid(),
  title: z.string(),
  amount: z.number(),
  status: requestStatus,
  category_name: z.string().nullable(),
  po_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DashboardRequest = z.infer<typeof dashboardRequest>;

/**
 * Every figure of the dashboard's three tabs. Request figures are the caller's scope: the whole workspace for roles
 * that see every request, a requester's own requests otherwise. Order, vendor and catalogue figures are aggregates.
 */
export const dashboard = z.object({
  scope: z.enum(["workspace", "own"]),
  generatedAt: z.string(),
  kpis: z.object({
    /** Open and receiving orders ("Draft, pending, or issued"). */
    openPurchaseOrders: z.number().int(),
    requestsPendingApproval: z.number().int(),
    activeCatalogueCategories: z.number().int(),
    /** Vendors not blocked. */
    activeSuppliers: z.number().int(),
  }),
  purchaseOrders: z.object({
    /** Receiving orders count as both receiving and open. */
    open: z.number().int(),
    receiving: z.number().int(),
    closed: z.number().int(),
    cancelled: z.number().int(),
    committedSpend: z.number(),
    /** Every order's total, cancelled ones included. */
    totalAmount: z.number(),
    /** Issued and receiving orders: the value still to be received. */
    awaitingReceiptAmount: z.number(),
    dueNext7Days: z.number().int(),
    pastDue: z.number().int(),
  }),
  pipeline: z.object({
    submitted: countAndAmount,
    approved: countAndAmount,
    pending: countAndAmount,
    denied: countAndAmount,
    /** Approved requests no purchase order has been raised for yet. */
    readyForPo: countAndAmount,
    /** Approved over decided, whole percent, null before any decision: `approvalRate` in figures.ts, as the Requests page. */
    approvalRate: z.number().int().nullable(),
  }),
  /** "ready": approvals exist, the list holds approved requests without an order; "recent": the latest requests. */
  requests: z.object({ mode: z.enum(["ready", "recent"]), items: z.array(dashboardRequest).max(dashboardListSize) }),
  catalogueCoverage: z.object({
    totalRequested: z.number(),
    categories: z
      .array(
        z.object({
          /** Null for requests without a category ("Uncategorised"). */
          id: z.string().nullable(),
          name: z.string(),
          /** Requests in the category and their requested amount. */
          count: z.number().int(),
          amount: z.number(),
          /** Rounded to a whole number against the total requested amount. */
          percent: z.number().int(),
          /** Catalogue items in the category that are not retired. */
          itemCount: z.number().int(),
        }),
      )
      .max(dashboardTopCategories),
  }),
  integrations: z.array(z.object({ id: z.string(), name: z.string(), status: integrationStatus, detail: z.string() })),
});
export type Dashboard = z.infer<typeof dashboard>;
