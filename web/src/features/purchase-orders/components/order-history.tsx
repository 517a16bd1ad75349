import type { OrderHistoryEntry } from "@procure/contracts";
import { formatDate } from "@/lib/format";
import { useOrderHistory } from "../api/get-order-history";

const labels: Record<OrderHistoryEntry["type"], string> = {
  saved: "Saved",
  received: "Goods received",
  deleted: "Deleted",
  invoice_recorded: "Invoice recorded",
  invoice_matched: "Invoice matched",
  invoice_approved: "Invoice approved",
  invoice_paid: "Invoice paid",
  invoice_disputed: "Invoice disputed",
  invoice_dispute_resolved: "Invoice dispute resolved",
  invoice_rejected: "Invoice rejected",
};

/** The order's timeline, newest first: saves, receipts and, for finance and admins, its invoices. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const history = useOrderHistory(orderId);
  const entries = [...(history.data ?? [])].reverse();
  return (
    <section className="card po-section" aria-labelledby="po-history-title">
      <div className="card-header">
        <h2 id="po-history-title" className="card-title">
          History
        </h2>
      </div>
      <div className="card-body po-section-body">
        {history.isError ? (
          <p className="field-error" role="alert">
            The history could not be loaded.{" "}
            <button type="button" className="btn btn-sm" onClick={() => void history.refetch()}>
              Try again
            </button>
          </p>
        ) : null}
        {history.isError ? null : entries.length === 0 ? (
          <p className="field-hint">{history.isPending ? "Loading history…" : "Nothing yet."}</p>
        ) : (
          <ol className="po-receipt-list">
            {entries.map((entry, index) => (
              <li key={`${entry.recorded_at}-${index}`} className="po-receipt" data-testid="po-history-entry">
                <span className="po-receipt-what">{labels[entry.type]}</span>
                <span className="po-receipt-note">{entry.summary}</span>
                <span className="po-receipt-meta">{[formatDate(entry.recorded_at), entry.actor_email].filter(Boolean).join(" · ")}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
