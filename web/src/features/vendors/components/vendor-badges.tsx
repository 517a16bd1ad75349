import type { VendorRisk, VendorStatus } from "@procure/contracts";

const statusTones: Record<VendorStatus, string> = { active: "badge-success", blocked: "badge-danger" };
const riskTones: Record<VendorRisk, string> = { low: "badge-success", medium: "badge-warning", high: "badge-danger" };

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  return <span className={`badge ${statusTones[status]}`}>{status}</span>;
}

export function VendorRiskBadge({ risk }: { risk: VendorRisk }) {
  return <span className={`badge badge-plain ${riskTones[risk]}`}>{`${risk.charAt(0).toUpperCase()}${risk.slice(1)} risk`}</span>;
}
