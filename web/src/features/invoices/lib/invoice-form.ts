import { subtractQuantities, type PurchaseOrder, type RecordInvoiceBody } from "@procure/contracts";

export type InvoiceLineDraft = { line_id: string; description: string; quantity: string; unit_price: string; left: number };
export type InvoiceDraft = { order_id: string; number: string; invoice_date: string; notes: string; lines: InvoiceLineDraft[] };

/** What is left to invoice of each line at the order's price: the usual invoice, which finance corrects to the paper. */
export function linesToInvoice(order: PurchaseOrder | undefined): InvoiceLineDraft[] {
  return (order?.lines ?? []).map((line) => {
    const left = Math.max(0, subtractQuantities(line.quantity, line.invoiced_quantity));
    return { line_id: line.id, description: line.description, quantity: String(left), unit_price: String(line.unit_price), left };
  });
}

/** Lines left at 0 or blank are not on the invoice. */
export function invoiceBodyOf(draft: InvoiceDraft): RecordInvoiceBody {
  const lines = draft.lines
    .filter((line) => line.quantity.trim() !== "" && Number(line.quantity) !== 0)
    .map((line) => ({ line_id: line.line_id, quantity: Number(line.quantity), unit_price: Number(line.unit_price) }));
  return { order_id: draft.order_id, number: draft.number.trim(), invoice_date: draft.invoice_date, lines, notes: draft.notes.trim() || null };
}

export const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
