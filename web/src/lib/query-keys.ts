/**
 * Query keys shared by every feature and by the live hub. The server's invalidation messages name key
 * prefixes (["requests"], ["requests", id, "comments"], ...), so each key here starts with exactly those.
 */
export const queryKeys = {
  me: () => ["me"] as const,
  landing: () => ["landing"] as const,
  inbox: () => ["inbox"] as const,
  dashboard: () => ["dashboard"] as const,
  categories: () => ["categories"] as const,
  categoryOptions: () => ["categories", "options"] as const,
  vendors: () => ["vendors"] as const,
  vendorOptions: () => ["vendors", "options"] as const,
  orders: () => ["orders"] as const,
  users: () => ["users"] as const,
  approvalRules: () => ["approval-rules"] as const,
  /** The category and vendor pickers of the approval rule form (id and name only). */
  ruleTargets: {
    categories: () => ["categories", "rule-targets"] as const,
    vendors: () => ["vendors", "rule-targets"] as const,
  },
  health: () => ["health"] as const,
  catalogue: {
    all: () => ["catalogue"] as const,
    overview: () => ["catalogue", "overview"] as const,
  },
  requests: {
    all: () => ["requests"] as const,
    list: (filters: { status?: string; q?: string; vendor_id?: string; order?: string } = {}) => ["requests", "list", filters] as const,
    summary: (q: string) => ["requests", "summary", { q }] as const,
    detail: (id: string) => ["requests", id] as const,
    comments: (id: string) => ["requests", id, "comments"] as const,
    audit: (id: string) => ["requests", id, "audit"] as const,
    files: (id: string) => ["requests", id, "files"] as const,
  },
};
