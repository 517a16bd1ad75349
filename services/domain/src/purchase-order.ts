import {
  orderLinesOf,
  poNumberKey,
  vendorNameMessage,
  type EventData,
  type NewEvent,
  type OrderCommand,
  type OrderLineData,
  type PoNumberCommand,
  type StoredEvent,
} from "@procure/contracts";
import { conflict, DomainError, invalid, notFound } from "./domain-error.ts";
import { receiveOrder, savedLines, savedStatus } from "./order-lines.ts";
import {
  approveInvoice,
  disputeInvoice,
  evolveInvoices,
  newlyMatched,
  payInvoice,
  recordInvoice,
  rejectInvoice,
  resolveInvoiceDispute,
  type OrderInvoice,
} from "./order-invoices.ts";
import type { DecideContext, StreamDecider } from "./stream-decider.ts";

/** An order's fields as its latest save left them; every order has lines (see `orderLinesOf`). */
export type OrderFields = Omit<EventData<"PurchaseOrderSaved">, "order_id" | "lines"> & { lines: OrderLineData[] };

/** An order with its invoices, in the order they were recorded (their match depends on it). */
export type OrderState = { exists: false } | { exists: true; id: string; deleted: boolean; fields: OrderFields; invoices: OrderInvoice[] };

export const initialOrderState: OrderState = { exists: false };

export const orderStreamId = (id: string) => `order-${id}`;
/** One stream per PO number (compared without case): its single reservation event makes the number unique. */
export const poNumberStreamId = (poNumber: string) => `po-number-${poNumberKey(poNumber)}`;

/** Generated numbers read PO-2026-00042: the year, then a sequence padded to five digits. */
export function formatPoNumber(year: string | number, sequence: number): string {
  return `PO-${year}-${String(sequence).padStart(5, "0")}`;
}

/** The sequence of a generated number of `year`, or null for any other number. */
export function poSequenceOf(poNumber: string, year: string | number): number | null {
  const match = new RegExp(`^PO-${year}-(\\d{5,})$`).exec(poNumberKey(poNumber));
  return match ? Number(match[1]) : null;
}

export function evolveOrder(state: OrderState, event: StoredEvent | NewEvent): OrderState {
  switch (event.type) {
    case "PurchaseOrderSaved": {
      const { order_id, ...fields } = event.data;
      const invoices = state.exists ? state.invoices : [];
      return { exists: true, id: order_id, deleted: false, fields: { ...fields, lines: orderLinesOf(event.data) }, invoices };
    }
    case "PurchaseOrderDeleted":
      return state.exists ? { ...state, deleted: true } : state;
    case "InvoiceRecorded":
    case "InvoiceApproved":
    case "InvoicePaid":
    case "InvoiceDisputed":
    case "InvoiceDisputeResolved":
    case "InvoiceRejected":
      return state.exists ? { ...state, invoices: evolveInvoices(state.invoices, event) } : state;
    default:
      return state;
  }
}

/**
 * What the caller typed, before the vendor fills in its name and the lines their total; the PO number is already
 * chosen (typed or generated). A null total was not sent.
 */
export type OrderDraft = Omit<OrderFields, "vendor_name" | "lines" | "total"> & { vendor_name: string | null; total: number | null };

type SaveOrder = Extract<OrderCommand, { type: "SaveOrder" }>;

/** Saves the order's fields; the PO number's reservation and the request's link are decided on their own streams. */
function saveOrder(state: OrderState, command: SaveOrder, orderId: string): NewEvent[] {
  if (state.exists && state.deleted) throw notFound("Purchase order not found.");
  if (command.mode === "edit" && !state.exists) throw notFound("Purchase order not found.");
  const before = state.exists ? state.fields : null;
  const draft: OrderDraft = { ...command.fields, vendor_name: command.vendor_name };
  const { lines, total } = savedLines(command, before, orderId);
  const fields: OrderFields = {
    ...draft,
    vendor_name: vendorNameFor(draft, command.vendor, before),
    total,
    lines,
    status: savedStatus(draft.status, before, lines),
  };
  const same = (k: keyof OrderFields) => (k === "lines" ? JSON.stringify(fields.lines) === JSON.stringify(before?.lines) : fields[k] === before?.[k]);
  const unchanged = before !== null && (Object.keys(fields) as (keyof OrderFields)[]).every(same);
  return unchanged ? [] : [{ type: "PurchaseOrderSaved", data: { order_id: orderId, ...fields } }, ...newlyMatched(state, fields.lines)];
}

/** Choosing a vendor fills the vendor name. A blocked vendor takes no new orders, though its existing ones can be closed. */
function vendorNameFor(draft: OrderDraft, vendor: SaveOrder["vendor"], before: OrderFields | null): string {
  if (draft.vendor_id) {
    if (!vendor) throw invalid("Choose a valid vendor.");
    const newVendor = before === null || before.vendor_id !== draft.vendor_id;
    if (vendor.status === "blocked" && newVendor) {
      const message = `${vendor.name} is blocked; purchase orders cannot be raised for a blocked vendor.`;
      throw new DomainError("conflict", message, { reason: "vendor_blocked" });
    }
    return vendor.name;
  }
  const name = draft.vendor_name?.trim();
  if (!name) throw invalid(vendorNameMessage);
  return name;
}

/**
 * Whether saving `fields` tells the linked request something: a new link, or a linked order whose PO number changed.
 * `approvedOnly` says whether it is a new link, which needs an approved request.
 */
export function requestLinkOf(fields: Pick<OrderFields, "request_id" | "po_number">, before: OrderFields | null): { approvedOnly: boolean } | null {
  if (!fields.request_id) return null;
  const newLink = before === null || before.request_id !== fields.request_id;
  if (!newLink && before.po_number === fields.po_number) return null;
  return { approvedOnly: newLink };
}

export function deleteOrder(state: OrderState): NewEvent[] {
  if (!state.exists || state.deleted) throw notFound("Purchase order not found.");
  return [{ type: "PurchaseOrderDeleted", data: { order_id: state.id, po_number: state.fields.po_number } }];
}

export function decideOrder(state: OrderState, command: OrderCommand, context: DecideContext): NewEvent[] {
  switch (command.type) {
    case "SaveOrder":
      return saveOrder(state, command, context.id);
    case "DeleteOrder":
      return deleteOrder(state);
    case "ReceiveOrder":
      return receiveOrder(state, command);
    case "RecordInvoice":
      return recordInvoice(state, command);
    case "ApproveInvoice":
      return approveInvoice(state, command, context.actor);
    case "PayInvoice":
      return payInvoice(state, command, context);
    case "DisputeInvoice":
      return disputeInvoice(state, command);
    case "ResolveInvoiceDispute":
      return resolveInvoiceDispute(state, command.invoice_id);
    case "RejectInvoice":
      return rejectInvoice(state, command);
  }
}

export const orderDecider: StreamDecider<OrderState, OrderCommand> = {
  streamType: "order",
  streamId: orderStreamId,
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};

// ---- PO numbers: one stream per number, whose single reservation makes it unique ----

export type PoNumberState = { holder: string | null };

export function decidePoNumber(state: PoNumberState, command: PoNumberCommand): NewEvent[] {
  if (state.holder === command.order_id) return [];
  if (state.holder !== null) throw conflict(`PO number ${command.po_number} is already in use.`);
  return [{ type: "PoNumberReserved", data: { po_number: command.po_number, order_id: command.order_id } }];
}

export const poNumberDecider: StreamDecider<PoNumberState, PoNumberCommand> = {
  streamType: "order",
  streamId: poNumberStreamId,
  initialState: { holder: null },
  evolve: (state, event) => (event.type === "PoNumberReserved" && state.holder === null ? { holder: event.data.order_id } : state),
  decide: decidePoNumber,
};
