import type { Section } from "@procure/contracts";

/**
 * The code of each workspace section, loaded on first visit. The router's lazy routes and the idle-time preload
 * share these functions, so a preloaded section opens without a round trip for its code.
 */
export const sectionModules = {
  dashboard: () => import("./dashboard"),
  requests: () => import("./requests"),
  approvals: () => import("./approvals"),
  "purchase-orders": () => import("./purchase-orders"),
  invoices: () => import("./invoices"),
  catalogue: () => import("./catalogue"),
  vendors: () => import("./vendors"),
  budgets: () => import("./budgets"),
  integrations: () => import("./integrations"),
  settings: () => import("./settings"),
} satisfies Record<Section, () => Promise<unknown>>;
