import type { RequestSummary } from "@procure/contracts";
import { KpiCard } from "@/components/ui/kpi-card";
import { formatCurrency, formatRecency } from "@/lib/format";
import { requestKpis } from "../lib/request-stats";

export function RequestKpis({ summary, loading }: { summary: RequestSummary | undefined; loading: boolean }) {
  const kpis = requestKpis(summary);
  return (
    <div className="kpi-grid">
      <KpiCard label="Total requests" value={kpis.total} loading={loading} hint="Across every status" />
      <KpiCard label="Pending approvals" value={kpis.pending} loading={loading} hint="Waiting on a decision" />
      <KpiCard
        label="Approved"
        value={kpis.approved}
        loading={loading}
        hint={kpis.approvalRate === null ? "No decisions yet" : `${kpis.approvalRate}% approval rate`}
      />
      <KpiCard
        label="Requested spend"
        value={kpis.spend}
        format={formatCurrency}
        loading={loading}
        hint={kpis.latestSubmission ? `Latest submission ${formatRecency(kpis.latestSubmission)}` : "No submissions yet"}
      />
    </div>
  );
}
