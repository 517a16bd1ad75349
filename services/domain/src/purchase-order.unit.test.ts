import { describe, expect, it } from "vitest";
import { totalLine, vendorNameMessage, type NewEvent, type OrderCommand } from "@procure/contracts";
import { DomainError } from "./domain-error.ts";
import {
  evolveOrder,
  formatPoNumber,
  initialOrderState,
  orderDecider,
  poNumberDecider,
  poNumberStreamId,
  poSequenceOf,
  requestLinkOf,
  type OrderDraft,
  type OrderState,
} from "./purchase-order.ts";
import { createRequest, evolveRequest, initialRequestState, requestDecider, type RequestState } from "./purchase-request.ts";

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

const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: orderId };
const acme = (status: "active" | "blocked") => ({ name: "Acme Ltd", status });

type Save = { state?: OrderState; draft?: OrderDraft; vendor?: ReturnType<typeof acme> | null; mode?: "create" | "edit" };
const save = ({ state = initialOrderState, draft: d = draft(), vendor = null, mode = "create" }: Save = {}) => {
  const { vendor_name, ...fields } = d;
  const command: OrderCommand = { type: "SaveOrder", mode, fields, lines: null, vendor_name, vendor };
  return orderDecider.decide(state, command, context);
};
const existing = (over: Save = {}) => save(over).reduce(evolveOrder, initialOrderState);

function request(status: "pending" | "approved"): RequestState {
  const created = createRequest(
    {
      request_id: requestId,
      title: "Chairs",
      amount: 120,
      description: null,
      category_id: null,
      category_name: null,
      vendor_id: null,
      vendor_name: null,
      priority: "normal",
      needed_by: null,
      requester_id: "r",
      requester_email: "r@x.test",
      rule_id: null,
      stages: [],
    },
    "2026-01-01T00:00:00.000Z",
  );
  const events: NewEvent[] = status === "approved" ? [...created, { type: "RequestApproved", data: { request_id: requestId, comment: null } }] : created;
  return events.reduce(evolveRequest, initialRequestState);
}

const reserve = (holder: string | null) =>
  poNumberDecider.decide({ holder }, { type: "ReservePoNumber", po_number: "PO-2026-00001", order_id: orderId }, { ...context, id: "PO-2026-00001" });
const link = (state: RequestState, approvedOnly: boolean, poNumber = "PO-2026-00001") =>
  requestDecider.decide(
    state,
    { type: "LinkRequestToOrder", order_id: orderId, po_number: poNumber, approved_only: approvedOnly },
    { ...context, id: requestId },
  );

describe("purchase order deciders", () => {
  it("saves a new order and reserves its number", () => {
    expect(save()).toEqual([
      { type: "PurchaseOrderSaved", data: { order_id: orderId, ...draft(), vendor_name: "Corner Shop", lines: [totalLine(orderId, 120)] } },
    ]);
    expect(reserve(null)).toEqual([{ type: "PoNumberReserved", data: { po_number: "PO-2026-00001", order_id: orderId } }]);
    expect(reserve(orderId)).toEqual([]);
  });

  it("needs a vendor name unless a vendor is chosen, and the chosen vendor fills the name", () => {
    expect(() => save({ draft: draft({ vendor_name: "  " }) })).toThrow(vendorNameMessage);
    const chosen = save({ draft: draft({ vendor_id: vendorId, vendor_name: null }), vendor: acme("active") });
    expect(chosen[0]!.data).toMatchObject({ vendor_id: vendorId, vendor_name: "Acme Ltd" });
    expect(() => save({ draft: draft({ vendor_id: vendorId }), vendor: null })).toThrow("Choose a valid vendor.");
  });

  it("refuses a new order for a blocked vendor but lets an existing one be closed", () => {
    const blocked = () => save({ draft: draft({ vendor_id: vendorId }), vendor: acme("blocked") });
    expect(blocked).toThrow(/Acme Ltd is blocked/);
    try {
      blocked();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("conflict");
    }
    const state = existing({ draft: draft({ vendor_id: vendorId }), vendor: acme("active") });
    const closed = save({ state, draft: draft({ vendor_id: vendorId, status: "cancelled" }), vendor: acme("blocked"), mode: "edit" });
    expect(closed[0]!.data).toMatchObject({ status: "cancelled" });
  });

  it("refuses a PO number another order holds", () => {
    expect(() => reserve("44444444-4444-4444-8444-444444444444")).toThrow("PO number PO-2026-00001 is already in use.");
    expect(poNumberStreamId(" po-2026-00001 ")).toBe(poNumberStreamId("PO-2026-00001"));
  });

  it("links an approved request, again when the number changes, and refuses a pending one", () => {
    const fields = draft({ request_id: requestId });
    expect(requestLinkOf(fields, null)).toEqual({ approvedOnly: true });
    expect(link(request("approved"), true)).toEqual([
      { type: "RequestLinkedToOrder", data: { request_id: requestId, order_id: orderId, po_number: "PO-2026-00001" } },
    ]);
    expect(() => link(request("pending"), true)).toThrow(/Only approved requests/);
    expect(() => link(initialRequestState, true)).toThrow("Choose a valid request.");

    const state = existing({ draft: fields });
    const before = state.exists ? state.fields : null;
    expect(requestLinkOf({ request_id: requestId, po_number: "PO-2026-00001" }, before)).toBeNull();
    expect(requestLinkOf({ ...fields, po_number: "PO-9" }, before)).toEqual({ approvedOnly: false });
    expect(link(request("pending"), false, "PO-9")[0]!.data).toMatchObject({ po_number: "PO-9" });
  });

  it("saves nothing when nothing changed, and deletes once", () => {
    const state = existing();
    expect(save({ state, mode: "edit" })).toEqual([]);
    const deleted = orderDecider.decide(state, { type: "DeleteOrder" }, context);
    expect(deleted).toEqual([{ type: "PurchaseOrderDeleted", data: { order_id: orderId, po_number: "PO-2026-00001" } }]);
    const gone = deleted.reduce(evolveOrder, state);
    expect(() => orderDecider.decide(gone, { type: "DeleteOrder" }, context)).toThrow("Purchase order not found.");
    expect(() => save({ state: gone, mode: "edit" })).toThrow("Purchase order not found.");
    expect(() => save({ mode: "edit" })).toThrow("Purchase order not found.");
  });

  it("formats and parses generated numbers", () => {
    expect(formatPoNumber(2026, 42)).toBe("PO-2026-00042");
    expect(poSequenceOf("po-2026-00042", 2026)).toBe(42);
    expect(poSequenceOf("PO-2025-00042", 2026)).toBeNull();
    expect(poSequenceOf("PO-CUSTOM", 2026)).toBeNull();
  });
});
