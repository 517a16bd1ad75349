import { normalizeStatus } from "@/lib/format";

const tones: Record<string, string> = {
  draft: "badge-plain",
  issued: "badge-info",
  receiving: "badge-primary",
  received: "badge-success",
  cancelled: "badge-danger",
};

export function PoStatusBadge({ status }: { status: string }) {
  const normalized = normalizeStatus(status) || "unknown";
  return <span className={`badge ${tones[normalized] ?? ""}`}>{normalized}</span>;
}
