import type { IntegrationStatus } from "../lib/sample-content";

const tones: Record<IntegrationStatus, string> = {
  connected: "badge-success",
  enabled: "badge-success",
  ready: "badge-info",
  scheduled: "badge-primary",
  planned: "",
  "action-required": "badge-warning",
};

export function IntegrationBadge({ status }: { status: IntegrationStatus }) {
  return <span className={`badge ${tones[status]}`}>{status}</span>;
}
