import type { RoleView } from "./landing.ts";

const tool = (label: string, href: string, description: string) => ({ label, href, description });

/**
 * The role handbook (spec section 6), in the fallback order: guidance text the landing API serves with one live line
 * per role, and the page shows as it is when the API cannot be reached.
 */
export const roleHandbook: readonly RoleView[] = [
  {
    id: "admin",
    label: "Admin",
    headline: "Keep the workspace healthy and governed",
    summary: "Admins watch integration health, respond to automation warnings and manage who has access.",
    responsibilities: ["Review integration health and automation warnings", "Manage workspace access in Settings > Members", "Export settings for audits"],
    cadence: ["Daily: integration and automation check", "Monthly: access review and settings export"],
    tools: [tool("Integrations", "/app/integrations", "Connector status and automation feed"), tool("Settings", "/app/settings", "Members and approval rules")],
  },
  {
    id: "finance",
    label: "Finance",
    headline: "Protect budget and match spend",
    summary: "Finance tracks dashboard KPIs, approves requisitions with budget impact and matches purchase orders.",
    responsibilities: ["Track dashboard KPIs", "Approve requisitions with budget impact", "Match purchase orders against receipts"],
    cadence: ["Daily: approvals with budget impact", "Weekly: purchase order matching"],
    tools: [
      tool("Dashboard", "/app", "Spend and pipeline figures"),
      tool("Approvals", "/app/approvals", "Requests waiting on finance"),
      tool("Purchase orders", "/app/purchase-orders", "Open, receiving and closed orders"),
    ],
  },
  {
    id: "buyer",
    label: "Buyer",
    headline: "Turn approved demand into orders",
    summary: "Buyers follow request status, collect vendor diligence and keep the catalogue fresh.",
    responsibilities: ["Follow request status through approval", "Collect vendor diligence uploads", "Refresh the catalogue from supplier feeds"],
    cadence: ["Daily: approved requests ready for orders", "Weekly: catalogue and feed review"],
    tools: [
      tool("Requests", "/app/requests", "Status of every request"),
      tool("Vendors", "/app/vendors", "Diligence, risk and notes"),
      tool("Catalogue", "/app/catalog", "Feeds, items and PunchOut"),
    ],
  },
  {
    id: "approver",
    label: "Approver",
    headline: "Decide quickly, with the context in one place",
    summary: "Approvers work the approvals queue by priority and record decisions and conditions in the request thread.",
    responsibilities: [
      "Work the approvals queue by priority",
      "Record decisions and conditions in the request thread",
      "Set delegation rules before time away",
    ],
    cadence: ["Daily: clear the approvals queue", "Before leave: review delegation rules"],
    tools: [tool("Approvals", "/app/approvals", "Pending requests, oldest first"), tool("Requests", "/app/requests", "Threads, files and timelines")],
  },
  {
    id: "requester",
    label: "Requester",
    headline: "Ask once, with everything approvers need",
    summary: "Requesters prepare with the intake checklist, raise requests with quotes attached and track approvals.",
    responsibilities: ["Work through the intake checklist", "Create requests with budget and vendor details", "Upload quotes and track approvals"],
    cadence: ["Before each request: intake checklist", "After submitting: follow the approval timeline"],
    tools: [
      tool("Intake checklist", "/resources/intake-checklist", "What to prepare before asking"),
      tool("Requests", "/app/requests", "Raise and track requests"),
      tool("Catalogue", "/app/catalog", "Pre-approved items"),
    ],
  },
];
