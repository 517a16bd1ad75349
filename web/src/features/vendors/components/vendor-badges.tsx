import {
  diligenceStatusLabels,
  vendorDocumentKindLabels,
  type DiligenceStatus,
  type VendorDiligence,
  type VendorRisk,
  type VendorStatus,
} from "@procure/contracts";

const statusTones: Record<VendorStatus, string> = { active: "badge-success", blocked: "badge-danger" };
const riskTones: Record<VendorRisk, string> = { low: "badge-success", medium: "badge-warning", high: "badge-danger" };

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  return <span className={`badge ${statusTones[status]}`}>{status}</span>;
}

export function VendorRiskBadge({ risk }: { risk: VendorRisk }) {
  return <span className={`badge badge-plain ${riskTones[risk]}`}>{`${risk.charAt(0).toUpperCase()}${risk.slice(1)} risk`}</span>;
}

const diligenceTones: Record<DiligenceStatus, string> = {
  complete: "badge-success",
  expiring: "badge-warning",
  expired: "badge-danger",
  missing: "badge-danger",
};

/** Where the vendor stands on its required documents; what is missing or running out is in the title and read out. */
export function DiligenceBadge({ diligence }: { diligence: VendorDiligence }) {
  const gaps = [
    ...diligence.missing.map((kind) => `${vendorDocumentKindLabels[kind]} missing`),
    ...diligence.expired.map((kind) => `${vendorDocumentKindLabels[kind]} expired`),
    ...diligence.expiring.map((kind) => `${vendorDocumentKindLabels[kind]} expiring`),
  ].join(", ");
  return (
    <span className={`badge badge-plain ${diligenceTones[diligence.status]}`} title={gaps || undefined}>
      {`Diligence: ${diligenceStatusLabels[diligence.status].toLowerCase()}`}
      {gaps ? <span className="visually-hidden">{` (${gaps})`}</span> : null}
    </span>
  );
}
