import type { OrderHistoryEntry } from "@procure/contracts";
import { formatDate } from "@/lib/format";
import { useOrderHistory } from "../api/get-order-history";
import { OrderSection } from "./order-section";

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
    <OrderSection
      id="po-history-title"
      title="History"
      query={history}
      empty={entries.length === 0}
      texts={{ failed: "The history could not be loaded.", loading: "Loading history…", empty: "Nothing yet." }}
    >
      <ol className="po-receipt-list">
        {entries.map((entry, index) => (
          <li key={`${entry.recorded_at}-${index}`} className="po-receipt" data-testid="po-history-entry">
            <span className="po-receipt-what">{labels[entry.type]}</span>
            <span className="po-receipt-note">{entry.summary}</span>
            <span className="po-receipt-meta">{[formatDate(entry.recorded_at), entry.actor_email].filter(Boolean).join(" · ")}</span>
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}
