import { KpiCard } from "@/components/ui/kpi-card";
import { Notice } from "@/components/ui/notice";
import { formatCount, formatCurrency } from "@/lib/format";
import type { PoFigures } from "../lib/po-figures";

type Props = { figures: PoFigures | undefined; loading: boolean; failed: boolean; onRetry: () => void };

export function PoKpis({ figures, loading, failed, onRetry }: Props) {
  if (failed && !figures) {
    return (
      <Notice tone="warning" role="status">
        Order figures are unavailable right now.{" "}
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      </Notice>
    );
  }
  const f = figures;
  const pending = loading || !f;
  return (
    <div className="kpi-grid" data-testid="po-kpis">
      <KpiCard label="Total purchase orders" value={f?.total ?? 0} loading={pending} hint="Across every status" />
      <KpiCard
        label="Open orders"
        value={f?.open ?? 0}
        loading={pending}
        hint={f ? `${formatCurrency(f.awaitingReceipt)} awaiting receipt · ${formatCount(f.receiving)} receiving` : "Draft, issued or receiving"}
      />
      <KpiCard
        label="Total PO value"
        value={f?.totalAmount ?? 0}
        format={formatCurrency}
        loading={pending}
        hint={f ? `${formatCurrency(f.committedSpend)} committed, excluding cancelled orders` : "Across every order"}
      />
      <KpiCard
        label="Overdue deliveries"
        value={f?.overdue ?? 0}
        loading={pending}
        hint={f && f.overdue > 0 ? <span className="po-kpi-alert">Past the expected day, not yet received</span> : "Nothing past its expected day"}
      />
    </div>
  );
}
