/**
 * The overview's sample content (spec: PunchOut suppliers are built into the page). None of it is read from the
 * server, and the page labels it as sample content. The connectors' states are the workspace's own (contracts'
 * `integrationStates`, through the API), so they read as the dashboard's do.
 */
export const integrationStatuses = ["connected", "enabled", "ready", "scheduled", "planned", "action-required"] as const;
export type IntegrationStatus = (typeof integrationStatuses)[number];

export const punchoutLogRetentionNotice = "PunchOut transaction logs are archived for 90 days.";

export type PunchoutSupplier = { name: string; protocol: "cXML" | "OCI"; scope: string; status: IntegrationStatus; note: string };

export const punchoutSuppliers: readonly PunchoutSupplier[] = [
  {
    name: "Northwind Office Supply",
    protocol: "cXML",
    scope: "Office supplies, breakroom",
    status: "connected",
    note: "Carts return to a new request for approval.",
  },
  { name: "Contoso Lab Equipment", protocol: "OCI", scope: "Lab consumables", status: "ready", note: "Tested in sandbox; waiting for go-live." },
  {
    name: "Fabrikam Tech Direct",
    protocol: "cXML",
    scope: "Laptops, peripherals",
    status: "action-required",
    note: "Shared secret expires soon; rotate it with the supplier.",
  },
  { name: "Tailspin Facilities", protocol: "OCI", scope: "Maintenance parts", status: "planned", note: "Catalogue mapping starts next quarter." },
];

export type ToolkitItem = { title: string; body: string };

export const toolkit: readonly ToolkitItem[] = [
  { title: "cXML PunchOut", body: "Setup request, cart return and order message mapping for cXML suppliers." },
  { title: "OCI PunchOut", body: "Field mapping for SAP OCI catalogues, including units of measure and price units." },
  { title: "ERP field map", body: "Which request and order fields land on which ledger, cost centre and vendor records." },
  { title: "Go-live checklist", body: "Sandbox tests, named owners, alert routing and a rollback plan before switching on." },
];

export type PlaybookStep = { title: string; body: string };

export const playbook: readonly PlaybookStep[] = [
  { title: "Pick the cadence", body: "Real-time for PunchOut carts and automation, every 30 min for AP status, nightly for ERP and warehouse loads." },
  { title: "Map and test in a sandbox", body: "Run a full cart or sync against test data and compare totals line by line." },
  { title: "Name owners and alerts", body: "One owner in procurement and one in IT for each connection, with failures routed to both." },
  { title: "Go live and watch the feed", body: "Switch on outside month-end and keep an eye on the live event feed below for the first day." },
];
