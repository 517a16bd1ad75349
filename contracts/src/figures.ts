import type { z } from "zod";
import type { integrationStatus } from "./dashboard.ts";

type IntegrationStatus = z.infer<typeof integrationStatus>;

/**
 * Figures more than one screen shows, each defined here once: the API computes them with these functions and every
 * screen shows what the API says, so the Requests page, the dashboard and the Integrations page cannot disagree.
 */

/**
 * Approval rate: approved requests over decided ones (approved + denied), as a whole percent. Pending and withdrawn
 * requests are not decided, so a queue full of waiting work does not read as rejections. Null before any decision.
 */
export function approvalRate(counts: { approved: number; denied: number }): number | null {
  const decided = counts.approved + counts.denied;
  return decided > 0 ? Math.round((counts.approved / decided) * 100) : null;
}

export type IntegrationState = { id: string; name: string; status: IntegrationStatus; detail: string };

/** The connectors the workspace knows of besides PunchOut: what each moves and how often, once configured. */
export const connectorDefinitions = [
  {
    id: "erp-sync",
    name: "ERP sync",
    system: "General ledger and cost centres",
    direction: "Approved requests and POs out, budgets in",
    cadence: "nightly",
    unconfigured: "No ERP connector is configured yet.",
  },
  {
    id: "ap-sync",
    name: "AP sync",
    system: "Accounts payable",
    direction: "Receipts out, invoice matches in",
    cadence: "every 30 min",
    unconfigured: "No accounts payable connector is configured yet.",
  },
  {
    id: "data-warehouse",
    name: "Data warehouse feed",
    system: "Analytics warehouse",
    direction: "Requests, orders and spend out",
    cadence: "nightly",
    unconfigured: "No warehouse export is configured yet.",
  },
  {
    id: "automation-webhooks",
    name: "Automation webhooks",
    system: "Your own services",
    direction: "Workspace events out",
    cadence: "real-time",
    unconfigured: "No webhook subscribers yet.",
  },
] as const;

/**
 * Every integration's state, from what the workspace records: PunchOut from its connections (any needing attention
 * wins; connected when one is live; ready while they are tested), automation webhooks from the endpoints that
 * receive events, and the connectors that record nothing yet as planned.
 */
export function integrationStates(recorded: { punchout: readonly string[]; activeWebhookEndpoints: number }): IntegrationState[] {
  return [
    punchoutState(recorded.punchout),
    ...connectorDefinitions.map((c): IntegrationState => {
      if (c.id === "automation-webhooks" && recorded.activeWebhookEndpoints > 0) {
        const n = recorded.activeWebhookEndpoints;
        return { id: c.id, name: c.name, status: "connected", detail: `${n} ${n === 1 ? "endpoint receives" : "endpoints receive"} workspace events.` };
      }
      return { id: c.id, name: c.name, status: "planned", detail: c.unconfigured };
    }),
  ];
}

function punchoutState(statuses: readonly string[]): IntegrationState {
  const base = { id: "punchout", name: "PunchOut (cXML & OCI)" };
  const live = statuses.filter((s) => s === "connected").length;
  const attention = statuses.filter((s) => s === "action-required").length;
  const detail = `${live} of ${statuses.length} connections live${attention ? `, ${attention} ${attention === 1 ? "needs" : "need"} attention` : ""}`;
  if (statuses.length === 0) return { ...base, status: "planned", detail: "No PunchOut connections yet." };
  if (attention > 0) return { ...base, status: "action-required", detail };
  if (live > 0) return { ...base, status: "connected", detail };
  if (statuses.includes("testing")) return { ...base, status: "ready", detail };
  return { ...base, status: "planned", detail };
}
