import {
  actorNamed,
  lineAmount,
  matchInvoices,
  orderLinesOf,
  type Invoice,
  type InvoiceMatchState,
  type InvoiceStatus,
  type OrderLineData,
  type StoredEvent,
} from "@procure/contracts";
import type { Selectable } from "kysely";
import type { InvoicesRow } from "./tables.ts";

export type InvoiceRow = Selectable<InvoicesRow>;

const actorOf = (event: StoredEvent) => actorNamed(event.metadata);

/** Newest invoice date first, then newest recorded: one text whose order is that order, both parts fixed-width. */
export const invoiceListOrder = (invoiceDate: string, recordedAt: string) => `${invoiceDate}|${new Date(recordedAt).toISOString()}`;

/** A recorded invoice's row, its match as recorded until `rematch` sets it against the order as it stands. */
export function recordedRow(event: StoredEvent<"InvoiceRecorded">): InvoiceRow {
  const d = event.data;
  return {
    id: d.invoice_id,
    order_id: d.order_id,
    recorded_version: event.stream_version,
    version: event.stream_version,
    po_number: d.po_number,
    vendor_id: d.vendor_id,
    vendor_name: d.vendor_name,
    number: d.number,
    invoice_date: d.invoice_date,
    total: d.total,
    notes: d.notes,
    tolerance_percent: d.tolerance_percent,
    recorded_lines: d.lines,
    lines: [],
    match: d.match,
    status: "open",
    approval_comment: null,
    approved_by: null,
    approved_at: null,
    paid_by: null,
    paid_at: null,
    paid_on: null,
    payment_reference: null,
    dispute_reason: null,
    disputed_by: null,
    disputed_at: null,
    rejection_reason: null,
    rejected_by: null,
    rejected_at: null,
    created_by: actorOf(event),
    created_at: event.recorded_at,
    updated_at: event.recorded_at,
    list_order: invoiceListOrder(d.invoice_date, event.recorded_at),
  };
}

/** The events that move an invoice from one status to another once it is recorded. */
export const invoiceMoves = ["InvoiceApproved", "InvoicePaid", "InvoiceDisputed", "InvoiceDisputeResolved", "InvoiceRejected"] as const;
type InvoiceMove = (typeof invoiceMoves)[number];
export const isInvoiceMove = (event: StoredEvent): event is StoredEvent<InvoiceMove> => (invoiceMoves as readonly string[]).includes(event.type);

const notDisputed = { dispute_reason: null, disputed_by: null, disputed_at: null };

/** What each move sets on the invoice's row. */
export function movedChanges(event: StoredEvent<InvoiceMove>): Partial<Omit<InvoiceRow, "lines" | "recorded_lines">> {
  const base = { version: event.stream_version, updated_at: event.recorded_at };
  const by = actorOf(event);
  switch (event.type) {
    case "InvoiceApproved":
      return { ...base, status: "approved", approval_comment: event.data.comment, approved_by: by, approved_at: event.recorded_at };
    case "InvoicePaid": {
      const { paid_on = null, reference = null } = event.data;
      return { ...base, status: "paid", paid_by: by, paid_at: event.recorded_at, paid_on, payment_reference: reference };
    }
    case "InvoiceDisputed":
      return { ...base, status: "disputed", dispute_reason: event.data.reason, disputed_by: by, disputed_at: event.recorded_at };
    // Open again and to be approved afresh, as the order's decider has it.
    case "InvoiceDisputeResolved":
      return { ...base, ...notDisputed, status: "open", approval_comment: null, approved_by: null, approved_at: null };
    case "InvoiceRejected":
      return { ...base, ...notDisputed, status: "rejected", rejection_reason: event.data.reason, rejected_by: by, rejected_at: event.recorded_at };
  }
}

/** Each of an order's invoices (in recorded order) matched against the order's lines as they now stand. */
export function rematch(orderLines: readonly OrderLineData[], rows: readonly InvoiceRow[]): InvoiceRow[] {
  const matched = matchInvoices(
    orderLines,
    rows.map((row) => ({ lines: row.recorded_lines, tolerance_percent: row.tolerance_percent, status: row.status })),
  );
  return rows.map((row, index) => ({
    ...row,
    match: matched[index]!.match,
    lines: matched[index]!.lines.map((line) => ({ ...line, amount: lineAmount(line) })),
  }));
}

/** An order's invoices as its own stream tells them: the answer to a command before the read model has it. */
export function orderInvoicesView(events: readonly StoredEvent[]): InvoiceRow[] {
  let lines: OrderLineData[] = [];
  const rows = new Map<string, InvoiceRow>();
  for (const event of events) {
    if (event.type === "PurchaseOrderSaved") lines = orderLinesOf(event.data);
    if (event.type === "InvoiceRecorded") rows.set(event.data.invoice_id, recordedRow(event));
    if (isInvoiceMove(event)) {
      const row = rows.get(event.data.invoice_id);
      if (row) rows.set(row.id, { ...row, ...movedChanges(event) });
    }
  }
  return rematch(lines, [...rows.values()]);
}

export function toInvoice(row: InvoiceRow): Invoice {
  const { recorded_version: _recorded, version: _version, recorded_lines: _lines, list_order: _order, ...rest } = row;
  return { ...rest, total: Number(row.total), match: row.match as InvoiceMatchState, status: row.status as InvoiceStatus };
}
