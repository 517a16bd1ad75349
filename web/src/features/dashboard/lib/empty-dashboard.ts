import type { Dashboard } from "@procure/contracts";

const zero = { count: 0, amount: 0 };

/** A failed load shows every figure as empty, with no message (spec section 8). */
export const emptyDashboard: Dashboard = {
  scope: "workspace",
  generatedAt: "",
  kpis: { openPurchaseOrders: 0, requestsPendingApproval: 0, activeCatalogueCategories: 0, activeSuppliers: 0 },
  purchaseOrders: { open: 0, receiving: 0, closed: 0, cancelled: 0, committedSpend: 0, totalAmount: 0, awaitingReceiptAmount: 0, dueNext7Days: 0, pastDue: 0 },
  pipeline: { submitted: zero, approved: zero, pending: zero, denied: zero, readyForPo: zero, approvalRate: null },
  requests: { mode: "recent", items: [] },
  catalogueCoverage: { totalRequested: 0, categories: [] },
  integrations: [],
};
