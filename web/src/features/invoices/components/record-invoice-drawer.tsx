import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { invoiceMatchLabels } from "@procure/contracts";
import { Drawer } from "@/components/ui/drawer";
import { FormError } from "@/components/ui/form-error";
import { errorMessage } from "@/lib/api-client";
import { formatCurrency } from "@/lib/format";
import { useInvoiceableOrders } from "../api/get-invoiceable-orders";
import { useRecordInvoice } from "../api/record-invoice";
import { invoiceBodyOf, linesToInvoice, todayLocal, type InvoiceDraft } from "../lib/invoice-form";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; orderId: string | null };

const FORM_ID = "record-invoice-form";
const orderLabel = (o: { po_number: string; vendor_name: string; total: number }) => `${o.po_number} · ${o.vendor_name} · ${formatCurrency(o.total)}`;
const blank = (orderId: string | null): InvoiceDraft => ({ order_id: orderId ?? "", number: "", invoice_date: todayLocal(), notes: "", lines: [] });

/** Records a vendor's invoice against one of its purchase orders, line by line. */
export function RecordInvoiceDrawer({ open, onOpenChange, orderId }: Props) {
  const orders = useInvoiceableOrders(open);
  const record = useRecordInvoice();
  const [draft, setDraft] = useState<InvoiceDraft>(blank(orderId));
  const [error, setError] = useState<string | null>(null);
  const order = orders.data?.find((o) => o.id === draft.order_id);

  useEffect(() => {
    if (open) {
      setDraft(blank(orderId));
      setError(null);
    }
  }, [open, orderId]);
  // The order's lines, with what is left to invoice of each, once the order is chosen and loaded.
  const orderLoaded = order?.id;
  useEffect(() => {
    if (orderLoaded) setDraft((d) => ({ ...d, lines: linesToInvoice(orders.data?.find((o) => o.id === orderLoaded)) }));
  }, [orderLoaded, orders.data]);

  const set = <K extends keyof InvoiceDraft>(key: K, value: InvoiceDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setLine = (lineId: string, key: "quantity" | "unit_price", value: string) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((line) => (line.line_id === lineId ? { ...line, [key]: value } : line)) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = invoiceBodyOf(draft);
    if (!body.order_id) return setError("Choose the purchase order this invoice bills.");
    if (!body.number) return setError("Enter the invoice number");
    if (body.lines.length === 0) return setError("Invoice at least one line");
    setError(null);
    record.mutate(body, {
      onSuccess: (invoice) => {
        toast.success("Invoice recorded", { description: `${invoice.number} · ${invoiceMatchLabels[invoice.match]}` });
        onOpenChange(false);
      },
      onError: (failure) => setError(errorMessage(failure, "The invoice could not be recorded.")),
    });
  };

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="Record invoice"
      description="Bill against a purchase order's lines; the match is checked against the order and the goods received."
      footer={
        <div className="invoice-form-actions">
          <button type="button" className="btn" onClick={() => onOpenChange(false)} disabled={record.isPending}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="btn btn-primary" disabled={record.isPending}>
            {record.isPending ? "Recording…" : "Record invoice"}
          </button>
        </div>
      }
    >
      <form id={FORM_ID} className="stack invoice-form" aria-label="Record invoice" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="invoice-order">
            Purchase order
          </label>
          <select
            id="invoice-order"
            className="select"
            value={draft.order_id}
            onChange={(e) => set("order_id", e.target.value)}
            disabled={orders.isPending}
            aria-describedby={order ? "invoice-order-chosen" : undefined}
          >
            <option value="">{orders.isPending ? "Loading orders…" : "Choose an order"}</option>
            {(orders.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {orderLabel(o)}
              </option>
            ))}
          </select>
          {/* A phone's menu cuts a long vendor name short; the choice is written out in full below it. */}
          {order ? (
            <span className="field-hint" id="invoice-order-chosen">
              {orderLabel(order)}
            </span>
          ) : null}
          {orders.isError ? <span className="field-error">{errorMessage(orders.error, "Orders could not be loaded.")}</span> : null}
        </div>
        <div className="invoice-form-row">
          <div className="field">
            <label className="field-label" htmlFor="invoice-number">
              Invoice number
            </label>
            <input id="invoice-number" className="input" autoComplete="off" value={draft.number} onChange={(e) => set("number", e.target.value)} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="invoice-date">
              Invoice date
            </label>
            <input id="invoice-date" className="input" type="date" value={draft.invoice_date} onChange={(e) => set("invoice_date", e.target.value)} />
          </div>
        </div>
        {draft.lines.map((line) => (
          <fieldset key={line.line_id} className="invoice-form-line">
            <legend>{line.description}</legend>
            <div className="field">
              <label className="field-label" htmlFor={`invoice-qty-${line.line_id}`}>
                Quantity
              </label>
              <input
                id={`invoice-qty-${line.line_id}`}
                className="input"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                aria-describedby={`invoice-qty-${line.line_id}-hint`}
                value={line.quantity}
                onChange={(e) => setLine(line.line_id, "quantity", e.target.value)}
              />
              <span className="field-hint" id={`invoice-qty-${line.line_id}-hint`}>{`${line.left} left to invoice`}</span>
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`invoice-price-${line.line_id}`}>
                Unit price (USD)
              </label>
              <input
                id={`invoice-price-${line.line_id}`}
                className="input"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                value={line.unit_price}
                onChange={(e) => setLine(line.line_id, "unit_price", e.target.value)}
              />
            </div>
          </fieldset>
        ))}
        <div className="field">
          <label className="field-label" htmlFor="invoice-notes">
            Notes <span className="field-qualifier">(optional)</span>
          </label>
          <textarea id="invoice-notes" className="textarea" rows={2} value={draft.notes} onChange={(e) => set("notes", e.target.value)} />
        </div>
        <FormError message={error} />
      </form>
    </Drawer>
  );
}
