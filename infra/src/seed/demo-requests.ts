/** Forty requests of the kind a mid-sized team raises in a quarter, with the outcome each one reached. */
import type { RequestPriority } from "@procure/contracts";

/**
 * The demo workspace's requests. A few pending ones carry a priority and a need-by date (days from the day the demo
 * is seeded), so the approvals queue shows its order and its flag for what is due soon.
 */
export const demoRequests: {
  title: string;
  amount: number;
  outcome: "pending" | "approved" | "denied";
  comment?: string;
  priority?: RequestPriority;
  neededInDays?: number;
}[] = [
  { title: "Standing desks for the design studio", amount: 4820, outcome: "approved", comment: "Quote from two suppliers attached." },
  { title: "Annual licence renewal: diagramming tool", amount: 1260, outcome: "approved" },
  {
    title: "Replacement laptop for support lead",
    amount: 1899.99,
    outcome: "pending",
    comment: "Current machine fails to boot twice a week.",
    priority: "high",
    neededInDays: 6,
  },
  { title: "Conference booth materials", amount: 3400, outcome: "denied", comment: "Could we reuse last year's banners?" },
  { title: "Noise-cancelling headsets (x12)", amount: 2150.4, outcome: "approved" },
  { title: "Warehouse safety signage refresh", amount: 640, outcome: "pending" },
  { title: "Cloud backup storage expansion", amount: 980, outcome: "approved" },
  { title: "Team offsite catering", amount: 1575, outcome: "denied" },
  { title: "Ergonomic chairs for finance", amount: 3120, outcome: "approved", comment: "Facilities signed off on the model." },
  {
    title: "Penetration test, Q3",
    amount: 14500,
    outcome: "pending",
    comment: "Security needs this before the audit.",
    priority: "urgent",
    neededInDays: 2,
  },
  { title: "Label printer for shipping", amount: 389.5, outcome: "approved" },
  { title: "Customer research panel incentives", amount: 2500, outcome: "pending" },
  { title: "Monitor arms (x20)", amount: 1180, outcome: "approved" },
  { title: "Whiteboard wall installation", amount: 2290, outcome: "denied" },
  { title: "Translation of onboarding guides", amount: 4100, outcome: "approved" },
  { title: "Spare parts for packing line", amount: 760.25, outcome: "pending" },
  { title: "Accessibility audit of the web shop", amount: 6800, outcome: "approved", comment: "Legal asked for this ahead of the new regulation." },
  { title: "Coffee machine service contract", amount: 540, outcome: "approved" },
  { title: "Sales training workshop", amount: 5200, outcome: "pending" },
  { title: "Docking stations (x15)", amount: 2385, outcome: "approved" },
  { title: "Fleet vehicle tyre replacement", amount: 1920, outcome: "denied" },
  {
    title: "Data warehouse compute credits",
    amount: 7500,
    outcome: "pending",
    comment: "Usage doubled after the new dashboards.",
    priority: "high",
  },
  { title: "Office plants maintenance", amount: 310, outcome: "approved" },
  { title: "Security badges and lanyards", amount: 455.8, outcome: "approved" },
  { title: "Video conferencing room kit", amount: 3890, outcome: "pending" },
  { title: "External payroll review", amount: 2750, outcome: "approved" },
  { title: "Trade show travel for two", amount: 2980, outcome: "denied", comment: "Budget for events is frozen until Q4." },
  { title: "Industrial shelving for stockroom", amount: 1640, outcome: "approved" },
  { title: "UX research recruiting fees", amount: 1200, outcome: "pending" },
  { title: "Password manager seats", amount: 864, outcome: "approved" },
  { title: "Forklift annual inspection", amount: 420, outcome: "approved" },
  { title: "Photography for product launch", amount: 3600, outcome: "pending" },
  { title: "First-aid kit restock", amount: 185.6, outcome: "approved" },
  { title: "Legal review of supplier terms", amount: 4500, outcome: "denied" },
  { title: "Tablet devices for field team", amount: 5980, outcome: "approved", comment: "Replaces the paper inspection forms." },
  { title: "Shipping boxes, bulk order", amount: 1320, outcome: "pending", priority: "low" },
  { title: "Webinar platform upgrade", amount: 1490, outcome: "approved" },
  { title: "Window cleaning, annual", amount: 880, outcome: "approved" },
  { title: "Lab consumables restock", amount: 2210.75, outcome: "pending" },
  { title: "Keyboard and mouse sets (x25)", amount: 1125, outcome: "approved" },
];
