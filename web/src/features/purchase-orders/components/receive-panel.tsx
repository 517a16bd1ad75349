import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
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

/**
 * The order's receipts, newest last, and "Receive goods": the quantities that arrived per open line. Receipts are the
 * only way an order becomes receiving or received. `mayRecord`: the reader may record receipts.
 */
export function ReceivePanel({ order, mayRecord }: { order: PurchaseOrder; mayRecord: boolean }) {
  const receipts = useOrderReceipts(order.id);
  const record = useRecordReceipt();
  const [receiving, setReceiving] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
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
  // The form opens where the button was: focus goes to its first quantity, and back to the button when it closes.
  const wasReceiving = useRef(false);
  useEffect(() => {
    if (receiving) firstField.current?.focus();
    else if (wasReceiving.current) opener.current?.focus();
    wasReceiving.current = receiving;
  }, [receiving]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !record.isPending) {
      event.stopPropagation();
      setReceiving(false);
    }
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
    <section className="card po-section" aria-labelledby="po-receipts-title">
      <div className="card-header">
        <h2 id="po-receipts-title" className="card-title">
          Receipts
        </h2>
        {mayRecord && mayReceive(order) && !receiving ? (
          <button ref={opener} type="button" className="btn btn-sm btn-primary" onClick={start}>
            Receive goods
          </button>
        ) : null}
      </div>
      <div className="card-body po-section-body">
        {receiving ? (
          <form className="po-receive-form" aria-label="Receive goods" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
            <p className="field-hint po-receive-intro">Enter what arrived on each line; the order's status follows the goods received.</p>
            {open.map((line, index) => (
              <div className="field" key={line.id}>
                <label className="field-label" htmlFor={`po-receive-${line.id}`}>
                  {line.description}
                </label>
                <input
                  ref={index === 0 ? firstField : undefined}
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
        {receipts.isError ? (
          <p className="field-error" role="alert">
            The receipts could not be loaded.{" "}
            <button type="button" className="btn btn-sm" onClick={() => void receipts.refetch()}>
              Try again
            </button>
          </p>
        ) : history.length === 0 ? (
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
      </div>
    </section>
  );
}
