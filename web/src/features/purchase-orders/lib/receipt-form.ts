import { openQuantity, poAwaitingReceiptStatuses, type OrderReceipt, type PurchaseOrder, type ReceiptBody } from "@procure/contracts";

/** The lines that still await goods, with what is open on each. */
export const openLines = (order: PurchaseOrder) => order.lines.map((line) => ({ ...line, open: openQuantity(line) })).filter((line) => line.open > 0);

/** Only issued or receiving orders with something open take a receipt. */
export const mayReceive = (order: PurchaseOrder) => poAwaitingReceiptStatuses.includes(order.status) && openLines(order).length > 0;

/** The quantities typed per line id, blank or zero lines left out; the server checks each against what is open. */
export function receiptBodyOf(quantities: Record<string, string>, receivedOn: string, note: string): ReceiptBody {
  const lines = Object.entries(quantities)
    .filter(([, typed]) => typed.trim() !== "" && Number(typed) !== 0)
    .map(([line_id, typed]) => ({ line_id, quantity: Number(typed) }));
  return { lines, received_on: receivedOn || null, note: note.trim() || null };
}

/** "2 × Desk, 1.5 × Cable": a receipt's lines by the order's descriptions. */
export function receiptSummary(receipt: OrderReceipt, order: PurchaseOrder): string {
  const names = new Map(order.lines.map((line) => [line.id, line.description]));
  return receipt.lines.map((line) => `${line.quantity} × ${names.get(line.line_id) ?? "a removed line"}`).join(", ");
}
