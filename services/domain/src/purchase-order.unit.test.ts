import { describe, expect, it } from "vitest";
import { vendorNameMessage, type NewEvent } from "@procure/contracts";
import { DomainError } from "./domain-error.ts";
import {
  deleteOrder,
  evolveOrder,
  formatPoNumber,
  initialOrderState,
  poNumberStreamId,
  poSequenceOf,
  saveOrder,
  type OrderDraft,
  type SaveOrderInput,
} from "./purchase-order.ts";
import { createRequest, evolveRequest, initialRequestState, type RequestState } from "./purchase-request.ts";
import { evolveVendor, initialVendorState, registerVendor, type VendorState } from "./vendor.ts";

const orderId = "22222222-2222-4222-8222-222222222222";
const vendorId = "11111111-1111-4111-8111-111111111111";
const requestId = "33333333-3333-4333-8333-333333333333";

const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  po_number: "PO-2026-00001",
  vendor_id: null,
  vendor_name: "Corner Shop",
  total: 120,
  status: "draft",
  request_id: null,
  expected_date: null,
  notes: null,
  ...over,
});

function vendor(status: "active" | "blocked"): VendorState {
  const { vendorEvents } = registerVendor({ vendorId, name: "Acme Ltd", status, risk: "low", website: null, notes: null, renewal_date: null }, false);
  return vendorEvents.reduce(evolveVendor, initialVendorState);
}

function request(status: "pending" | "approved"): RequestState {
  const created = createRequest({
    request_id: requestId,
    title: "Chairs",
    amount: 120,
    description: null,
    category_id: null,
    category_name: null,
    vendor_id: null,
    vendor_name: null,
    requester_id: "r",
    requester_email: "r@x.test",
    rule_id: null,
    stages: [],
  });
  const events: NewEvent[] = status === "approved" ? [...created, { type: "RequestApproved", data: { request_id: requestId, comment: null } }] : created;
  return events.reduce(evolveRequest, initialRequestState);
}

const save = (over: Partial<SaveOrderInput> = {}) =>
  saveOrder({ orderId, state: initialOrderState, draft: draft(), vendor: null, numberHolder: null, request: null, ...over });

const existing = (over: Partial<SaveOrderInput>) => save(over).orderEvents.reduce(evolveOrder, initialOrderState);

describe("purchase order decider", () => {
  it("saves a new order and reserves its number", () => {
    const { orderEvents, reservationEvents, requestEvents } = save();
    expect(orderEvents).toEqual([{ type: "PurchaseOrderSaved", data: { order_id: orderId, ...draft(), vendor_name: "Corner Shop" } }]);
    expect(reservationEvents).toEqual([{ type: "PoNumberReserved", data: { po_number: "PO-2026-00001", order_id: orderId } }]);
    expect(requestEvents).toEqual([]);
  });

  it("needs a vendor name unless a vendor is chosen, and the chosen vendor fills the name", () => {
    expect(() => save({ draft: draft({ vendor_name: "  " }) })).toThrow(vendorNameMessage);
    const chosen = save({ draft: draft({ vendor_id: vendorId, vendor_name: null }), vendor: vendor("active") });
    expect(chosen.orderEvents[0]!.data).toMatchObject({ vendor_id: vendorId, vendor_name: "Acme Ltd" });
    expect(() => save({ draft: draft({ vendor_id: vendorId }), vendor: initialVendorState })).toThrow("Choose a valid vendor.");
  });

  it("refuses a new order for a blocked vendor but lets an existing one be closed", () => {
    const blocked = () => save({ draft: draft({ vendor_id: vendorId }), vendor: vendor("blocked") });
    expect(blocked).toThrow(/Acme Ltd is blocked/);
    try {
      blocked();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("conflict");
    }
    const state = existing({ draft: draft({ vendor_id: vendorId }), vendor: vendor("active") });
    const closed = save({ state, draft: draft({ vendor_id: vendorId, status: "cancelled" }), vendor: vendor("blocked"), numberHolder: orderId });
    expect(closed.orderEvents[0]!.data).toMatchObject({ status: "cancelled" });
    expect(closed.reservationEvents).toEqual([]);
  });

  it("refuses a PO number another order holds", () => {
    expect(() => save({ numberHolder: "44444444-4444-4444-8444-444444444444" })).toThrow("PO number PO-2026-00001 is already in use.");
    expect(poNumberStreamId(" po-2026-00001 ")).toBe(poNumberStreamId("PO-2026-00001"));
  });

  it("links an approved request, again when the number changes, and refuses a pending one", () => {
    const linked = save({ draft: draft({ request_id: requestId }), request: request("approved") });
    expect(linked.requestEvents).toEqual([{ type: "RequestLinkedToOrder", data: { request_id: requestId, order_id: orderId, po_number: "PO-2026-00001" } }]);
    expect(() => save({ draft: draft({ request_id: requestId }), request: request("pending") })).toThrow(/Only approved requests/);
    expect(() => save({ draft: draft({ request_id: requestId }), request: initialRequestState })).toThrow("Choose a valid request.");

    const state = existing({ draft: draft({ request_id: requestId }), request: request("approved") });
    const same = save({ state, draft: draft({ request_id: requestId, notes: "x" }), numberHolder: orderId, request: request("approved") });
    expect(same.requestEvents).toEqual([]);
    const renumbered = save({ state, draft: draft({ request_id: requestId, po_number: "PO-9" }), request: request("approved") });
    expect(renumbered.requestEvents[0]!.data).toMatchObject({ po_number: "PO-9" });
  });

  it("saves nothing when nothing changed, and deletes once", () => {
    const state = existing({});
    expect(save({ state, draft: draft(), numberHolder: orderId }).orderEvents).toEqual([]);
    const deleted = deleteOrder(state);
    expect(deleted).toEqual([{ type: "PurchaseOrderDeleted", data: { order_id: orderId, po_number: "PO-2026-00001" } }]);
    const gone = deleted.reduce(evolveOrder, state);
    expect(() => deleteOrder(gone)).toThrow("Purchase order not found.");
    expect(() => save({ state: gone, numberHolder: orderId })).toThrow("Purchase order not found.");
  });

  it("formats and parses generated numbers", () => {
    expect(formatPoNumber(2026, 42)).toBe("PO-2026-00042");
    expect(poSequenceOf("po-2026-00042", 2026)).toBe(42);
    expect(poSequenceOf("PO-2025-00042", 2026)).toBeNull();
    expect(poSequenceOf("PO-CUSTOM", 2026)).toBeNull();
  });
});
