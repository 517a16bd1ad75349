import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { PurchaseOrder } from "@procure/contracts";
import { FormError } from "@/components/ui/form-error";
import { formatDate } from "@/lib/format";
import { serverFieldError } from "@/lib/server-field-error";
import { useOrderReceipts } from "../api/get-order-receipts";
import { useRecordReceipt } from "../api/record-receipt";
import { mayReceive, openLines, receiptBodyOf, receiptSummary } from "../lib/receipt-form";

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** The order's receipts, newest last, and "Receive": the quantities that arrived per open line. */
export function ReceivePanel({ order }: { order: PurchaseOrder }) {
  const receipts = useOrderReceipts(order.id);
  const record = useRecordReceipt();
  const [receiving, setReceiving] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [receivedOn, setReceivedOn] = useState(today);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const open = openLines(order);

  const start = () => {
    // Everything still open is the usual delivery; the buyer lowers what fell short.
    setQuantities(Object.fromEntries(open.map((line) => [line.id, String(line.open)])));
    setReceivedOn(today());
    setNote("");
    setError(null);
    setReceiving(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = receiptBodyOf(quantities, receivedOn, note);
    if (body.lines.length === 0) return setError("Enter a quantity received for at least one line");
    setError(null);
    record.mutate(
      { orderId: order.id, body },
      {
        onSuccess: () => {
          toast.success("Receipt recorded", { description: `${order.po_number} · ${order.vendor_name}` });
          setReceiving(false);
        },
        onError: (failure) => {
          const { message } = serverFieldError(failure, [], {}, "The receipt could not be recorded.");
          setError(message);
          toast.error("Receipt failed", { description: message });
        },
      },
    );
  };

  const history = receipts.data ?? [];
  return (
    <section className="po-receipts" aria-labelledby="po-receipts-title">
      <div className="po-receipts-header">
        <h3 id="po-receipts-title" className="po-receipts-title">
          Receipts
        </h3>
        {mayReceive(order) && !receiving ? (
          <button type="button" className="btn btn-sm btn-primary" onClick={start}>
            Receive
          </button>
        ) : null}
      </div>
      {receiving ? (
        <form className="po-receive-form" aria-label="Receive goods" onSubmit={onSubmit} noValidate>
          {open.map((line) => (
            <div className="field" key={line.id}>
              <label className="field-label" htmlFor={`po-receive-${line.id}`}>
                {line.description}
              </label>
              <input
                id={`po-receive-${line.id}`}
                className="input"
                type="number"
                inputMode="decimal"
                min={0}
                max={line.open}
                step="any"
                aria-describedby={`po-receive-${line.id}-hint`}
                value={quantities[line.id] ?? ""}
                onChange={(e) => setQuantities((q) => ({ ...q, [line.id]: e.target.value }))}
              />
              <span className="field-hint" id={`po-receive-${line.id}-hint`}>{`${line.open} of ${line.quantity} open`}</span>
            </div>
          ))}
          <div className="field">
            <label className="field-label" htmlFor="po-receive-date">
              Date received
            </label>
            <input id="po-receive-date" className="input" type="date" value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="po-receive-note">
              Note <span className="field-qualifier">(optional)</span>
            </label>
            <input id="po-receive-note" className="input" autoComplete="off" value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <FormError message={error} />
          <div className="po-receive-actions">
            <button type="button" className="btn btn-sm" onClick={() => setReceiving(false)} disabled={record.isPending}>
              Cancel
            </button>
            <button type="submit" className="btn btn-sm btn-primary" disabled={record.isPending}>
              {record.isPending ? "Recording…" : "Record receipt"}
            </button>
          </div>
        </form>
      ) : null}
      {history.length === 0 ? (
        <p className="field-hint">{receipts.isPending ? "Loading receipts…" : "Nothing received yet."}</p>
      ) : (
        <ol className="po-receipt-list">
          {history.map((receipt) => (
            <li key={receipt.id} className="po-receipt" data-testid="po-receipt">
              <span className="po-receipt-what">{receiptSummary(receipt, order)}</span>
              <span className="po-receipt-meta">{[`Received ${formatDate(receipt.received_on)}`, receipt.created_by].filter(Boolean).join(" · ")}</span>
              {receipt.note ? <span className="po-receipt-note">{receipt.note}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
