/**
 * The keys of what a browser caches, named once. The server's invalidations name these (or their prefixes) and
 * every client query key starts with one, so an invalidation reaches exactly the queries it makes stale.
 * Plain arrays with no schema library, so the client's first load can import them.
 */
export const cacheKeys = {
  me: () => ["me"],
  landing: () => ["landing"],
  inbox: () => ["inbox"],
  dashboard: () => ["dashboard"],
  users: () => ["users"],
  webhooks: () => ["webhooks"],
  health: () => ["health"],
  categories: () => ["categories"],
  catalogue: () => ["catalogue"],
  approvalRules: () => ["approval-rules"],
  workOrders: () => ["work-orders"],
  workOrder: (id: string) => ["work-orders", id],
  vendors: () => ["vendors"],
  vendor: (id: string) => ["vendors", id],
  vendorDocuments: (id: string) => ["vendors", id, "documents"],
  diligenceSettings: () => ["settings", "diligence"],
  matchingSettings: () => ["settings", "matching"],
  controlsSettings: () => ["settings", "controls"],
  invoices: () => ["invoices"],
  invoice: (id: string) => ["invoices", id],
  invoiceFiles: (id: string) => ["invoices", id, "files"],
  budgets: () => ["budgets"],
  orders: () => ["orders"],
  order: (id: string) => ["orders", id],
  requests: () => ["requests"],
  request: (id: string) => ["requests", id],
  requestComments: (id: string) => ["requests", id, "comments"],
  requestAudit: (id: string) => ["requests", id, "audit"],
  requestFiles: (id: string) => ["requests", id, "files"],
} as const satisfies Record<string, (...args: string[]) => string[]>;
