import type { Selectable } from "kysely";
import { addQuantities, orderLinesOf, type OrderReceipt, type StoredEvent } from "@procure/contracts";
import type { OrdersRow } from "../purchasing/tables.ts";

export type OrderRow = Selectable<OrdersRow>;

/** What a save sets on the order's row, new or not: every field it carries (lines too), its version and its time. */
export function savedChanges(event: StoredEvent<"PurchaseOrderSaved">) {
  const { order_id: _id, ...fields } = event.data;
  return { ...fields, lines: orderLinesOf(event.data), version: event.stream_version, updated_at: event.recorded_at };
}

/** A receipt as its event tells it, the same for the read model's row and the answer to the command. */
export function receiptView(event: StoredEvent<"PurchaseOrderReceived">): OrderReceipt {
  const d = event.data;
  return {
    id: d.receipt_id,
    order_id: d.order_id,
    lines: d.lines,
    received_on: d.received_on,
    note: d.note,
    created_by: event.metadata.actor_email ?? event.metadata.actor_id ?? null,
    created_at: event.recorded_at,
  };
}

/** What a delete sets: the row stays as a tombstone, so a replayed older save cannot bring the order back. */
export function deletedChanges(event: StoredEvent<"PurchaseOrderDeleted">) {
  return { deleted_at: event.recorded_at, version: event.stream_version, updated_at: event.recorded_at };
}

/** What each of the order's invoices bills of each line, with one more invoice's lines. */
function invoicedWith(before: OrderRow["invoiced"], event: StoredEvent<"InvoiceRecorded">): NonNullable<OrderRow["invoiced"]> {
  const lines: Record<string, number> = {};
  for (const { line_id, quantity } of event.data.lines) lines[line_id] = addQuantities(lines[line_id] ?? 0, quantity);
  return { ...before, [event.data.invoice_id]: lines };
}

/** A rejected invoice bills nothing: its lines leave the order's invoiced quantities. */
function invoicedWithout(before: OrderRow["invoiced"], invoiceId: string): OrderRow["invoiced"] {
  if (!before) return before;
  const { [invoiceId]: _rejected, ...rest } = before;
  return rest;
}

/** How much of each line (by id) the order's invoices bill, summed over them. */
export function invoicedByLine(invoiced: OrderRow["invoiced"]): Record<string, number> {
  const byLine: Record<string, number> = {};
  for (const lines of Object.values(invoiced ?? {})) {
    for (const [lineId, quantity] of Object.entries(lines)) byLine[lineId] = addQuantities(byLine[lineId] ?? 0, quantity);
  }
  return byLine;
}

/** The order's invoice events share its stream: the row counts what they bill and follows the stream's version. */
export const orderInvoiceEvents = [
  "InvoiceRecorded",
  "InvoiceMatched",
  "InvoiceApproved",
  "InvoicePaid",
  "InvoiceDisputed",
  "InvoiceDisputeResolved",
  "InvoiceRejected",
] as const;

/** One event's effect on an order's row, as the orders projection stores it. */
export function nextOrderRow(before: OrderRow | null, event: StoredEvent): OrderRow | null {
  if (event.type === "PurchaseOrderSaved") {
    const origin = before ?? {
      id: event.data.order_id,
      created_by: event.metadata.actor_email ?? event.metadata.actor_id,
      created_at: event.recorded_at,
      invoiced: null,
    };
    return { ...origin, deleted_at: before?.deleted_at ?? null, ...savedChanges(event) };
  }
  if (event.type === "PurchaseOrderDeleted") return before && { ...before, ...deletedChanges(event) };
  if (event.type === "InvoiceRecorded") return before && { ...before, invoiced: invoicedWith(before.invoiced, event), version: event.stream_version };
  if (event.type === "InvoiceRejected") {
    return before && { ...before, invoiced: invoicedWithout(before.invoiced, event.data.invoice_id), version: event.stream_version };
  }
  if ((orderInvoiceEvents as readonly string[]).includes(event.type)) return before && { ...before, version: event.stream_version };
  return before;
}

/** An order as its own stream tells it, tombstone included; null before its first save. */
export function orderView(events: readonly StoredEvent[]): OrderRow | null {
  return events.reduce(nextOrderRow, null);
}
