import {
  actorNamed,
  approvalCommentMessage,
  invoiceSeparationRefusal,
  defaultMatchingSettings,
  invoiceNumberKey,
  invoiceTotalTooLargeMessage,
  linesTotal,
  matchInvoices,
  type InvoiceLineData,
  type InvoiceNumberCommand,
  type InvoiceStatus,
  type MatchingSettings,
  type MatchingSettingsCommand,
  type NewEvent,
  type OrderCommand,
  type OrderLineData,
  type StoredEvent,
} from "@procure/contracts";
import type { Actor } from "./actor.ts";
import { conflict, DomainError, forbidden, invalid, notFound } from "./domain-error.ts";
import { requireLinesWithinMax } from "./amount-bounds.ts";
import type { OrderState } from "./purchase-order.ts";
import type { DecideContext, StreamDecider } from "./stream-decider.ts";

/** An invoice as its order's stream holds it: enough to match it again and to move it along. */
export type OrderInvoice = {
  invoice_id: string;
  vendor_id: string;
  number: string;
  invoice_date: string;
  lines: InvoiceLineData[];
  total: number;
  tolerance_percent: number;
  status: InvoiceStatus;
  /** Who recorded and who approved it, as `actorNamed` tells them: separation of duties compares the next actor with them. */
  created_by: string | null;
  approved_by: string | null;
};

type ExistingOrder = Extract<OrderState, { exists: true }>;
type RecordInvoice = Extract<OrderCommand, { type: "RecordInvoice" }>;
type ApproveInvoice = Extract<OrderCommand, { type: "ApproveInvoice" }>;
type PayInvoice = Extract<OrderCommand, { type: "PayInvoice" }>;
type DisputeInvoice = Extract<OrderCommand, { type: "DisputeInvoice" }>;
type RejectInvoice = Extract<OrderCommand, { type: "RejectInvoice" }>;

/** Orders that goods are expected or have come against; a draft or cancelled order is not billed. */
const invoiceableStatuses = ["issued", "receiving", "received"];

function existing(state: OrderState): ExistingOrder {
  if (!state.exists || state.deleted) throw notFound("Purchase order not found.");
  return state;
}

const refOf = (state: ExistingOrder, invoice: OrderInvoice) => ({
  invoice_id: invoice.invoice_id,
  order_id: state.id,
  vendor_id: invoice.vendor_id,
  number: invoice.number,
});

/**
 * The invoices that a change of the order's lines (a receipt, an edit) turns matched: each becomes an
 * `InvoiceMatched`, so automation hears of it without anyone touching the invoice.
 */
export function newlyMatched(state: OrderState, linesAfter: readonly OrderLineData[]): NewEvent[] {
  if (!state.exists || state.invoices.length === 0) return [];
  const before = matchInvoices(state.fields.lines, state.invoices);
  const after = matchInvoices(linesAfter, state.invoices);
  return state.invoices.flatMap((invoice, index) =>
    before[index]!.match !== "matched" && after[index]!.match === "matched" ? [{ type: "InvoiceMatched" as const, data: refOf(state, invoice) }] : [],
  );
}

export function recordInvoice(state: OrderState, command: RecordInvoice): NewEvent[] {
  const order = existing(state);
  const { fields } = order;
  if (!invoiceableStatuses.includes(fields.status)) {
    throw new DomainError("conflict", `Only issued, receiving or received orders take invoices; this order is ${fields.status}.`, { status: fields.status });
  }
  if (!fields.vendor_id) throw conflict("Choose a vendor on the order before recording its invoices.");
  const { invoice } = command;
  for (const line of invoice.lines) {
    if (!fields.lines.some((orderLine) => orderLine.id === line.line_id)) throw invalid("Unknown order line", { line_id: line.line_id });
  }
  if (new Set(invoice.lines.map((line) => line.line_id)).size !== invoice.lines.length) throw invalid("Each order line appears once on an invoice.");
  requireLinesWithinMax(invoice.lines, invoiceTotalTooLargeMessage);
  const number = invoice.number;
  const ref = { invoice_id: invoice.invoice_id, order_id: order.id, vendor_id: fields.vendor_id, number };
  const recorded = { ...ref, lines: invoice.lines, tolerance_percent: invoice.tolerance_percent };
  const [match] = matchInvoices(fields.lines, [...order.invoices, recorded]).slice(-1);
  const events: NewEvent[] = [
    {
      type: "InvoiceRecorded",
      data: {
        ...recorded,
        po_number: fields.po_number,
        vendor_name: fields.vendor_name,
        invoice_date: invoice.invoice_date,
        total: linesTotal(invoice.lines),
        notes: invoice.notes,
        match: match!.match,
      },
    },
  ];
  return match!.match === "matched" ? [...events, { type: "InvoiceMatched", data: ref }] : events;
}

function invoiceOn(order: ExistingOrder, invoiceId: string): { invoice: OrderInvoice; index: number } {
  const index = order.invoices.findIndex((invoice) => invoice.invoice_id === invoiceId);
  if (index < 0) throw notFound("Invoice not found.");
  return { invoice: order.invoices[index]!, index };
}

/** The workspace's separation of duties: the one who took an invoice's step before does not take the next. */
function requireSeparateDuty(invoice: OrderInvoice, actor: Actor | null, controls: ApproveInvoice["controls"]) {
  if (!actor) throw forbidden("Sign in to do this.");
  const refusal = invoiceSeparationRefusal(controls, actor, invoice);
  if (refusal) throw conflict(refusal);
}

/** An open invoice is approved; one that is not matched needs a comment saying why it is approved anyway. */
export function approveInvoice(state: OrderState, command: ApproveInvoice, actor: Actor | null): NewEvent[] {
  const order = existing(state);
  const { invoice, index } = invoiceOn(order, command.invoice_id);
  if (invoice.status === "disputed") throw conflict("This invoice is disputed; resolve the dispute before approving it.");
  if (invoice.status !== "open") throw conflict(`This invoice is already ${invoice.status}.`);
  requireSeparateDuty(invoice, actor, command.controls);
  const match = matchInvoices(order.fields.lines, order.invoices)[index]!.match;
  if (match !== "matched" && !command.comment) throw invalid(approvalCommentMessage, { match });
  return [{ type: "InvoiceApproved", data: { ...refOf(order, invoice), total: invoice.total, match, comment: command.comment } }];
}

/**
 * The last calendar day anywhere at `now` (UTC+14): a payment dated today where the payer is, is never refused
 * as in the future because the server's clock is on an earlier day.
 */
const latestToday = (now: string) => new Date(Date.parse(now) + 14 * 3_600_000).toISOString().slice(0, 10);

/** An approved invoice is paid on a day between its invoice date and today, under the payment's reference. */
export function payInvoice(state: OrderState, command: PayInvoice, context: DecideContext): NewEvent[] {
  const order = existing(state);
  const { invoice } = invoiceOn(order, command.invoice_id);
  if (invoice.status === "paid") throw conflict("This invoice is already paid.");
  if (invoice.status === "disputed") throw conflict("This invoice is disputed; resolve the dispute before paying it.");
  if (invoice.status === "rejected") throw conflict("This invoice is rejected; it cannot be paid.");
  if (invoice.status !== "approved") throw conflict("Approve the invoice before paying it.");
  requireSeparateDuty(invoice, context.actor, command.controls);
  if (command.paid_on > latestToday(context.now)) throw invalid("The payment date cannot be in the future.", { paid_on: command.paid_on });
  if (command.paid_on < invoice.invoice_date) {
    throw invalid(`The payment date cannot be before the invoice date (${invoice.invoice_date}).`, { paid_on: command.paid_on });
  }
  const data = { ...refOf(order, invoice), total: invoice.total, paid_on: command.paid_on, reference: command.reference };
  return [{ type: "InvoicePaid", data }];
}

/** An open or approved invoice is held while finance queries it with the vendor. */
export function disputeInvoice(state: OrderState, command: DisputeInvoice): NewEvent[] {
  const order = existing(state);
  const { invoice } = invoiceOn(order, command.invoice_id);
  if (invoice.status !== "open" && invoice.status !== "approved")
    throw conflict(`This invoice is ${invoice.status}; only an open or approved invoice can be disputed.`);
  return [{ type: "InvoiceDisputed", data: { ...refOf(order, invoice), reason: command.reason } }];
}

/** A settled dispute opens the invoice again: whatever was approved before the question is approved afresh. */
export function resolveInvoiceDispute(state: OrderState, invoiceId: string): NewEvent[] {
  const order = existing(state);
  const { invoice } = invoiceOn(order, invoiceId);
  if (invoice.status !== "disputed") throw conflict(`This invoice is ${invoice.status}, not disputed.`);
  return [{ type: "InvoiceDisputeResolved", data: refOf(order, invoice) }];
}

/** Any invoice not yet paid may be refused; a rejected invoice stays rejected. */
export function rejectInvoice(state: OrderState, command: RejectInvoice): NewEvent[] {
  const order = existing(state);
  const { invoice } = invoiceOn(order, command.invoice_id);
  if (invoice.status === "paid" || invoice.status === "rejected") throw conflict(`This invoice is already ${invoice.status}.`);
  const rejected: NewEvent = { type: "InvoiceRejected", data: { ...refOf(order, invoice), reason: command.reason } };
  // What it billed no longer counts, so an invoice after it that billed past the order may now match.
  const before = matchInvoices(order.fields.lines, order.invoices);
  const after = matchInvoices(order.fields.lines, evolveInvoices(order.invoices, rejected));
  const matched = order.invoices.flatMap((other, i) =>
    other.invoice_id !== invoice.invoice_id && before[i]!.match !== "matched" && after[i]!.match === "matched"
      ? [{ type: "InvoiceMatched" as const, data: refOf(order, other) }]
      : [],
  );
  return [rejected, ...matched];
}

/** The order's invoices after one of their events. */
export function evolveInvoices(invoices: readonly OrderInvoice[], event: NewEvent | StoredEvent): OrderInvoice[] {
  const set = (id: string, status: InvoiceStatus, changes: Partial<OrderInvoice> = {}) =>
    invoices.map((invoice) => (invoice.invoice_id === id ? { ...invoice, status, ...changes } : invoice));
  // Only a stored event says who acted; a decision is always taken on stored ones.
  const actor = "metadata" in event ? actorNamed(event.metadata) : null;
  switch (event.type) {
    case "InvoiceRecorded": {
      const { invoice_id, vendor_id, number, invoice_date, lines, total, tolerance_percent } = event.data;
      return [
        ...invoices,
        { invoice_id, vendor_id, number, invoice_date, lines, total, tolerance_percent, status: "open", created_by: actor, approved_by: null },
      ];
    }
    case "InvoiceApproved":
      return set(event.data.invoice_id, "approved", { approved_by: actor });
    case "InvoicePaid":
      return set(event.data.invoice_id, "paid");
    case "InvoiceDisputed":
      return set(event.data.invoice_id, "disputed");
    case "InvoiceDisputeResolved":
      return set(event.data.invoice_id, "open", { approved_by: null });
    case "InvoiceRejected":
      return set(event.data.invoice_id, "rejected");
    default:
      return [...invoices];
  }
}

// ---- invoice numbers: one stream per vendor and number, whose single reservation makes it unique ----

export const invoiceNumberStreamId = (vendorAndNumber: string) => `invoice-number-${vendorAndNumber}`;
/** The id an invoice number's stream is named by. */
export const invoiceNumberId = (vendorId: string, number: string) => `${vendorId}-${invoiceNumberKey(number)}`;

export const invoiceNumberDecider: StreamDecider<{ holder: string | null }, InvoiceNumberCommand> = {
  streamType: "order",
  streamId: invoiceNumberStreamId,
  initialState: { holder: null },
  evolve: (state, event) => (event.type === "InvoiceNumberReserved" && state.holder === null ? { holder: event.data.invoice_id } : state),
  decide: (state, command) => {
    if (state.holder === command.invoice_id) return [];
    if (state.holder !== null) throw conflict(`Invoice number ${invoiceNumberKey(command.number)} is already recorded for this vendor.`);
    return [
      { type: "InvoiceNumberReserved", data: { vendor_id: command.vendor_id, number: invoiceNumberKey(command.number), invoice_id: command.invoice_id } },
    ];
  },
};

// ---- the workspace's matching tolerance ----

export const matchingSettingsDecider: StreamDecider<MatchingSettings, MatchingSettingsCommand> = {
  streamType: "workspace",
  streamId: () => "matching-settings",
  initialState: defaultMatchingSettings,
  evolve: (state, event) => (event.type === "MatchingSettingsChanged" ? { tolerance_percent: event.data.tolerance_percent } : state),
  decide: (state, { settings }) =>
    settings.tolerance_percent === state.tolerance_percent
      ? []
      : [{ type: "MatchingSettingsChanged", data: { tolerance_percent: settings.tolerance_percent } }],
};
