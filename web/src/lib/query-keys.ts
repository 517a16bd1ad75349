import { cacheKeys } from "@procure/contracts/query-keys";

/**
 * Query keys shared by every feature and by the live hub. Each starts with one of the contracts' `cacheKeys`,
 * the keys the server's invalidation messages name, so an invalidation reaches exactly the queries it makes stale.
 */
export const queryKeys = {
  me: cacheKeys.me,
  landing: cacheKeys.landing,
  inbox: cacheKeys.inbox,
  dashboard: cacheKeys.dashboard,
  categories: cacheKeys.categories,
  categoryOptions: () => [...cacheKeys.categories(), "options"],
  vendors: cacheKeys.vendors,
  vendorOptions: () => [...cacheKeys.vendors(), "options"],
  vendorDocuments: cacheKeys.vendorDocuments,
  diligenceSettings: cacheKeys.diligenceSettings,
  orders: cacheKeys.orders,
  invoices: cacheKeys.invoices,
  invoiceFiles: cacheKeys.invoiceFiles,
  matchingSettings: cacheKeys.matchingSettings,
  controlsSettings: cacheKeys.controlsSettings,
  users: cacheKeys.users,
  approvalRules: cacheKeys.approvalRules,
  budgets: cacheKeys.budgets,
  /** The category picker of the budget form (id and name only). */
  budgetCategories: () => [...cacheKeys.categories(), "budget-targets"],
  /** The category and vendor pickers of the approval rule form (id and name only). */
  ruleTargets: {
    categories: () => [...cacheKeys.categories(), "rule-targets"],
    vendors: () => [...cacheKeys.vendors(), "rule-targets"],
  },
  health: cacheKeys.health,
  catalogue: {
    all: cacheKeys.catalogue,
    overview: () => [...cacheKeys.catalogue(), "overview"],
  },
  requests: {
    all: cacheKeys.requests,
    list: (filters: { status?: string; q?: string; vendor_id?: string; order?: string; sort?: string } = {}) => [...cacheKeys.requests(), "list", filters],
    summary: (q: string) => [...cacheKeys.requests(), "summary", { q }],
    detail: cacheKeys.request,
    comments: cacheKeys.requestComments,
    audit: cacheKeys.requestAudit,
    files: cacheKeys.requestFiles,
  },
};
