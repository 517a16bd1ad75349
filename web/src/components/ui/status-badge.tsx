import { normalizeStatus } from "@/lib/format";

const tones: Record<string, string> = {
  approved: "badge-approved",
  pending: "badge-pending",
  denied: "badge-denied",
};

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const normalized = normalizeStatus(status) || "unknown";
  return <span className={`badge ${tones[normalized] ?? ""}`}>{normalized}</span>;
}
