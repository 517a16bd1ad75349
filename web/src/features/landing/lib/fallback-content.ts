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

const tool = (label: string, href: string, description: string) => ({ label, href, description });

export const fallbackRoleViews: RoleView[] = [
  {
    id: "admin",
    label: "Admin",
    headline: "Keep the workspace healthy and governed",
    summary: "Admins watch integration health, respond to automation warnings and manage who has access.",
    responsibilities: [
      "Review integration health and automation warnings",
      "Manage workspace access in Settings > Members",
      "Export settings for audits and change reviews",
    ],
    cadence: ["Daily: integration and automation check", "Monthly: access review and settings export"],
    tools: [
      tool("Integrations", paths.app.integrations.getHref(), "Connector status and automation feed"),
      tool("Settings", paths.app.settings.getHref(), "Members, approval rules and exports"),
    ],
  },
  {
    id: "finance",
    label: "Finance",
    headline: "Protect budget and match spend",
    summary: "Finance tracks dashboard KPIs, approves requisitions with budget impact and matches purchase orders.",
    responsibilities: [
      "Track dashboard KPIs for committed and open spend",
      "Approve requisitions that carry budget impact",
      "Match purchase orders against receipts and invoices",
    ],
    cadence: ["Daily: approvals with budget impact", "Weekly: purchase order matching"],
    tools: [
      tool("Dashboard", paths.app.root.getHref(), "Spend and pipeline figures"),
      tool("Approvals", paths.app.approvals.getHref(), "Requests waiting on finance"),
      tool("Purchase orders", paths.app.purchaseOrders.getHref(), "Open, receiving and closed orders"),
    ],
  },
  {
    id: "buyer",
    label: "Buyer",
    headline: "Turn approved demand into orders",
    summary: "Buyers follow request status, collect vendor diligence uploads and keep the catalogue fresh.",
    responsibilities: [
      "Follow request status from submission to purchase order",
      "Collect vendor diligence uploads before onboarding",
      "Refresh catalogue content and supplier feeds",
    ],
    cadence: ["Daily: approved requests ready for purchase orders", "Weekly: catalogue refresh"],
    tools: [
      tool("Requests", paths.app.requests.getHref(), "Status of every request"),
      tool("Vendors", paths.app.vendors.getHref(), "Diligence, risk and notes"),
      tool("Catalogue", paths.app.catalog.getHref(), "Categories, items and feeds"),
    ],
  },
  {
    id: "approver",
    label: "Approver",
    headline: "Decide quickly with the full picture",
    summary: "Approvers work the approvals queue by priority and record decisions and conditions in the request thread.",
    responsibilities: [
      "Work the approvals queue by priority",
      "Record decisions and conditions in the request thread",
      "Keep delegation rules current before time away",
    ],
    cadence: ["Daily: clear the approvals queue", "Before leave: set delegation rules"],
    tools: [
      tool("Approvals", paths.app.approvals.getHref(), "Pending requests to decide"),
      tool("Requests", paths.app.requests.getHref(), "Threads, files and timelines"),
    ],
  },
  {
    id: "requester",
    label: "Requester",
    headline: "Ask for what you need, with everything attached",
    summary: "Requesters use the intake checklist, create requests, upload quotes and track approvals.",
    responsibilities: [
      "Work through the intake checklist before submitting",
      "Create requests with amount, category and vendor",
      "Upload quotes and track approvals to a decision",
    ],
    cadence: ["Per purchase: checklist, request, quote upload", "Weekly: follow up on pending approvals"],
    tools: [
      tool("Intake checklist", paths.checklist.getHref(), "Get a request ready in one pass"),
      tool("Requests", paths.app.requests.getHref(), "Create and track your requests"),
    ],
  },
];
