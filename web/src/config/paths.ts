import type { Section } from "@procure/contracts";

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

export const paths = {
  home: { path: "/", getHref: (hash?: string) => (hash ? `/#${hash}` : "/") },
  checklist: { path: "/resources/intake-checklist", getHref: () => "/resources/intake-checklist" },
  auth: {
    login: {
      path: "/login",
      getHref: (redirectTo?: string | null) => withQuery("/login", { redirectTo: redirectTo ?? undefined }),
    },
    signup: { path: "/signup", getHref: () => "/signup" },
  },
  app: {
    root: { path: "/app", getHref: () => "/app" },
    requests: {
      path: "requests",
      getHref: (query: { vendor?: string; status?: string; title?: string; category?: string; price?: string; qty?: string; item?: string } = {}) =>
        withQuery("/app/requests", query),
    },
    /** An address people type or bookmark for the new-request form, which is a drawer over the requests list. */
    newRequest: { path: "new", getHref: () => "/app/requests?new=1" },
    request: { path: ":id", getHref: (id: string) => `/app/requests/${encodeURIComponent(id)}` },
    approvals: { path: "approvals", getHref: () => "/app/approvals" },
    purchaseOrders: { path: "purchase-orders", getHref: (query: { request?: string } = {}) => withQuery("/app/purchase-orders", query) },
    /** An order's own page, under the orders list. */
    purchaseOrder: { path: ":id", getHref: (id: string) => `/app/purchase-orders/${encodeURIComponent(id)}` },
    invoices: { path: "invoices", getHref: (query: { record?: string; q?: string } = {}) => withQuery("/app/invoices", query) },
    orderRequest: { path: "requests/:id", getHref: (id: string) => `/app/purchase-orders/requests/${encodeURIComponent(id)}` },
    catalog: { path: "catalog", getHref: () => "/app/catalog" },
    vendors: { path: "vendors", getHref: () => "/app/vendors" },
    budgets: { path: "budgets", getHref: () => "/app/budgets" },
    integrations: { path: "integrations", getHref: (anchor?: string) => (anchor ? `/app/integrations#${anchor}` : "/app/integrations") },
    settings: { path: "settings", getHref: () => "/app/settings" },
    intakeChecklist: { path: "intake-checklist", getHref: () => "/app/intake-checklist" },
  },
} as const;

/** Where each role-gated section lives; the sidebar and the route guard both read this. */
export const sectionHref: Record<Section, string> = {
  dashboard: paths.app.root.getHref(),
  "purchase-orders": paths.app.purchaseOrders.getHref(),
  invoices: paths.app.invoices.getHref(),
  catalogue: paths.app.catalog.getHref(),
  requests: paths.app.requests.getHref(),
  approvals: paths.app.approvals.getHref(),
  vendors: paths.app.vendors.getHref(),
  budgets: paths.app.budgets.getHref(),
  integrations: paths.app.integrations.getHref(),
  settings: paths.app.settings.getHref(),
};

/** Only same-site paths are followed after sign-in, so a crafted link can't bounce users elsewhere. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return paths.app.root.getHref();
  }
  return target;
}
