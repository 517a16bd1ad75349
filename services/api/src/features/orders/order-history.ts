import { formatCurrency, invoiceMatchLabels, type OrderHistoryEntry, type StoredEvent } from "@procure/contracts";

const invoiceTypes: Record<string, OrderHistoryEntry["type"]> = {
  InvoiceRecorded: "invoice_recorded",
  InvoiceMatched: "invoice_matched",
  InvoiceApproved: "invoice_approved",
  InvoicePaid: "invoice_paid",
  InvoiceDisputed: "invoice_disputed",
  InvoiceDisputeResolved: "invoice_dispute_resolved",
  InvoiceRejected: "invoice_rejected",
};

function summaryOf(event: StoredEvent): { type: OrderHistoryEntry["type"]; summary: string } | null {
  switch (event.type) {
    case "PurchaseOrderSaved":
      return { type: "saved", summary: `${event.data.status} · ${formatCurrency(event.data.total)}` };
    case "PurchaseOrderReceived":
      return { type: "received", summary: `${event.data.lines.length} line(s) received on ${event.data.received_on}` };
    case "PurchaseOrderDeleted":
      return { type: "deleted", summary: event.data.po_number };
    case "InvoiceRecorded":
      return {
        type: "invoice_recorded",
        summary: `Invoice ${event.data.number} · ${formatCurrency(event.data.total)} · ${invoiceMatchLabels[event.data.match]}`,
      };
    case "InvoiceMatched":
    case "InvoiceDisputeResolved":
      return { type: invoiceTypes[event.type]!, summary: `Invoice ${event.data.number}` };
    case "InvoicePaid": {
      const { number, paid_on, reference } = event.data;
      return {
        type: "invoice_paid",
        summary: [`Invoice ${number}`, paid_on && `paid on ${paid_on}`, reference && `ref. ${reference}`].filter(Boolean).join(" · "),
      };
    }
    case "InvoiceDisputed":
    case "InvoiceRejected":
      return { type: invoiceTypes[event.type]!, summary: `Invoice ${event.data.number} · ${event.data.reason}` };
    case "InvoiceApproved":
      return { type: "invoice_approved", summary: [`Invoice ${event.data.number}`, event.data.comment].filter(Boolean).join(" · ") };
    default:
      return null;
  }
}

/** An order's events as the timeline its drawer shows; invoices only for those who may read them. */
export function orderHistoryOf(events: readonly StoredEvent[], mayReadInvoices: boolean): OrderHistoryEntry[] {
  return events.flatMap((event) => {
    const entry = summaryOf(event);
    if (!entry || (!mayReadInvoices && event.type in invoiceTypes)) return [];
    return [{ ...entry, actor_email: event.metadata.actor_email ?? null, recorded_at: event.recorded_at }];
  });
}
