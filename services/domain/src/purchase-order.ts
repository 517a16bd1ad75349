import { poNumberKey, vendorNameMessage, type EventData, type NewEvent, type StoredEvent } from "@procure/contracts";
import { conflict, DomainError, invalid, notFound } from "./domain-error.ts";
import { linkRequestToOrder, type RequestState } from "./purchase-request.ts";
import type { VendorState } from "./vendor.ts";
import type { StreamDecider } from "./stream-decider.ts";

export type OrderFields = Omit<EventData<"PurchaseOrderSaved">, "order_id">;

export type OrderState = { exists: false } | { exists: true; id: string; deleted: boolean; fields: OrderFields };

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
      return { exists: true, id: order_id, deleted: false, fields };
    }
    case "PurchaseOrderDeleted":
      return state.exists ? { ...state, deleted: true } : state;
    default:
      return state;
  }
}

/** What the caller typed, before the vendor fills in its name; the PO number is already chosen (typed or generated). */
export type OrderDraft = Omit<OrderFields, "vendor_name"> & { vendor_name: string | null };

export type SaveOrderInput = {
  orderId: string;
  /** The order as stored: `{ exists: false }` for a new one. */
  state: OrderState;
  draft: OrderDraft;
  /** The chosen vendor's state, when the draft names a vendor id. */
  vendor: VendorState | null;
  /** The order holding the draft's PO number, or null while the number is free. */
  numberHolder: string | null;
  /** The linked request's state, when the draft names a request. */
  request: RequestState | null;
};

export type SaveOrderEvents = { orderEvents: NewEvent[]; reservationEvents: NewEvent[]; requestEvents: NewEvent[] };

export function saveOrder({ orderId, state, draft, vendor, numberHolder, request }: SaveOrderInput): SaveOrderEvents {
  if (state.exists && state.deleted) throw notFound("Purchase order not found.");
  const before = state.exists ? state.fields : null;
  const fields: OrderFields = { ...draft, vendor_name: vendorNameFor(draft, vendor, before) };

  if (numberHolder !== null && numberHolder !== orderId) throw conflict(`PO number ${draft.po_number} is already in use.`);
  const reservationEvents: NewEvent[] =
    numberHolder === orderId ? [] : [{ type: "PoNumberReserved", data: { po_number: fields.po_number, order_id: orderId } }];

  const requestEvents = linkEvents(orderId, fields, before, request);
  const unchanged = before !== null && (Object.keys(fields) as (keyof OrderFields)[]).every((k) => fields[k] === before[k]);
  const orderEvents: NewEvent[] = unchanged ? [] : [{ type: "PurchaseOrderSaved", data: { order_id: orderId, ...fields } }];
  return { orderEvents, reservationEvents, requestEvents };
}

/** Choosing a vendor fills the vendor name. A blocked vendor takes no new orders, though its existing ones can be closed. */
function vendorNameFor(draft: OrderDraft, vendor: VendorState | null, before: OrderFields | null): string {
  if (draft.vendor_id) {
    if (!vendor?.exists) throw invalid("Choose a valid vendor.");
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

/** The request learns its PO number when it is first linked and whenever the linked order's number changes. */
function linkEvents(orderId: string, fields: OrderFields, before: OrderFields | null, request: RequestState | null): NewEvent[] {
  if (!fields.request_id) return [];
  const newLink = before === null || before.request_id !== fields.request_id;
  if (!newLink && before.po_number === fields.po_number) return [];
  if (!request?.exists) throw invalid("Choose a valid request.");
  if (newLink && request.status !== "approved") throw conflict("Only approved requests can be turned into purchase orders.");
  return linkRequestToOrder(request, orderId, fields.po_number);
}

export function deleteOrder(state: OrderState): NewEvent[] {
  if (!state.exists || state.deleted) throw notFound("Purchase order not found.");
  return [{ type: "PurchaseOrderDeleted", data: { order_id: state.id, po_number: state.fields.po_number } }];
}

export const orderDecider: StreamDecider<OrderState> = { streamType: "order", streamId: orderStreamId, initialState: initialOrderState, evolve: evolveOrder };
