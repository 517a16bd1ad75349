import { roleHandbook } from "@procure/contracts";
import { paths } from "@/config/paths";
import type { FocusSignal, HeroMetric, RoleView } from "./landing-types";

export const fallbackHeroMetrics: HeroMetric[] = [
  { label: "Spend under management", value: "$0" },
  { label: "Median cycle time", value: "—" },
  { label: "Policy adherence", value: "—" },
];

export const fallbackQuickLinks = [
  { label: "Raise a purchase request", description: "Start intake with budget and vendor details.", href: paths.app.requests.getHref() },
  { label: "Review the approvals queue", description: "Decide on pending requests in order.", href: paths.app.approvals.getHref() },
  { label: "Track purchase orders", description: "Follow issued orders through receipt.", href: paths.app.purchaseOrders.getHref() },
];

export const fallbackFocusSignals: FocusSignal[] = [
  { label: "Requests awaiting a decision", value: "0 requests", meta: "Submitted and still pending approval" },
  { label: "Approvals due today", value: "0 decisions", meta: "Oldest pending requests first" },
  { label: "Vendor renewals", value: "0 vendors", meta: "Renewals within a 30 day window" },
];

/** The handbook the landing API serves, without its live lines. */
export const fallbackRoleViews: RoleView[] = roleHandbook.map((view) => ({ ...view, tools: [...view.tools], cadence: [...view.cadence] }));
