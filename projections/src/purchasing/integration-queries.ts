import type { Kysely } from "kysely";
import type { Dashboard } from "@procure/contracts";
import type { Database } from "../tables.ts";

type Integration = Dashboard["integrations"][number];

/**
 * The four integrations of the spec. PunchOut's badge follows the connections the catalogue records; the ERP and AP
 * sync, the warehouse feed and automation webhooks record no events yet, so they show as planned until they do.
 */
export async function readIntegrations(db: Kysely<Database>): Promise<Integration[]> {
  const punchout = await db.selectFrom("rm_dash_connectors").select("status").where("kind", "=", "punchout").execute();
  return [
    punchoutIntegration(punchout.map((c) => c.status)),
    { id: "erp-ap-sync", name: "ERP & AP sync", status: "planned", detail: "No ERP connector is configured yet." },
    { id: "data-warehouse", name: "Data warehouse feed", status: "planned", detail: "No warehouse export is configured yet." },
    { id: "automation-webhooks", name: "Automation webhooks", status: "planned", detail: "No webhook subscribers yet." },
  ];
}

/** Any connection needing attention wins; otherwise connected when one is live, ready while they are being tested. */
export function punchoutIntegration(statuses: string[]): Integration {
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
