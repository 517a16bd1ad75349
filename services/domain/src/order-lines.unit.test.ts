import { describe, expect, it } from "vitest";
import { linesTotal, linesTotalMessage, receiptSetsStatusMessage, type NewEvent, type OrderCommand, type PoFormStatus } from "@procure/contracts";
import { DomainError } from "./domain-error.ts";
import { evolveOrder, initialOrderState, orderDecider, type OrderState } from "./purchase-order.ts";

const orderId = "22222222-2222-4222-8222-222222222222";
const deskId = "44444444-4444-4444-8444-444444444444";
const lampId = "55555555-5555-4555-8555-555555555555";
const receiptId = "66666666-6666-4666-8666-666666666666";
const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: orderId };

const fields = { po_number: "PO-2026-00001", vendor_id: null, status: "issued" as PoFormStatus, request_id: null, expected_date: null, notes: null };
const desk = { id: deskId, description: "Desk", quantity: 3, unit_price: 120, item_id: null };
const lamp = { id: lampId, description: "Lamp", quantity: 0.5, unit_price: 35.55, item_id: null };

const decide = (state: OrderState, command: OrderCommand) => orderDecider.decide(state, command, context);
const fold = (state: OrderState, events: NewEvent[]) => events.reduce(evolveOrder, state);
const save = (state: OrderState, over: { total?: number | null; lines?: (typeof desk)[] | null; status?: PoFormStatus }) =>
  decide(state, {
    type: "SaveOrder",
    mode: state.exists ? "edit" : "create",
    fields: { ...fields, status: over.status ?? fields.status, total: over.total ?? null },
    lines: over.lines === undefined ? [desk, lamp] : over.lines,
    vendor_name: "Corner Shop",
    vendor: null,
  });
const receive = (state: OrderState, lines: { line_id: string; quantity: number }[]) =>
  decide(state, { type: "ReceiveOrder", receipt: { receipt_id: receiptId, lines, received_on: "2026-01-02", note: null } });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("not refused");
};

describe("order lines", () => {
  const issued = fold(initialOrderState, save(initialOrderState, {}));

  it("sums the lines in cents, and refuses a total that differs", () => {
    expect(linesTotal([desk, lamp])).toBe(377.78);
    expect(issued.exists && issued.fields.total).toBe(377.78);
    expect(refusal(() => save(initialOrderState, { total: 377 }))).toMatchObject({ kind: "invalid", message: linesTotalMessage });
  });

  it("receives up to what is open on each line and sets receiving, then received", () => {
    const partial = receive(issued, [{ line_id: deskId, quantity: 1 }]);
    expect(partial.map((e) => e.type)).toEqual(["PurchaseOrderReceived", "PurchaseOrderSaved"]);
    const receiving = fold(issued, partial);
    expect(receiving.exists && receiving.fields.status).toBe("receiving");
    expect(refusal(() => receive(receiving, [{ line_id: deskId, quantity: 2.001 }]))).toMatchObject({
      kind: "conflict",
      details: { line_id: deskId, open_quantity: 2 },
    });
    const received = fold(
      receiving,
      receive(receiving, [
        { line_id: deskId, quantity: 2 },
        { line_id: lampId, quantity: 0.2 },
        { line_id: lampId, quantity: 0.3 },
      ]),
    );
    expect(received.exists && received.fields.status).toBe("received");
    expect(received.exists && received.fields.lines.map((line) => line.received_quantity)).toEqual([3, 0.5]);
  });

  it("keeps received lines: neither dropped nor cut below what came, and the status follows them", () => {
    const receiving = fold(issued, receive(issued, [{ line_id: deskId, quantity: 2 }]));
    expect(refusal(() => save(receiving, { lines: [lamp] })).kind).toBe("conflict");
    expect(refusal(() => save(receiving, { lines: [{ ...desk, quantity: 1 }, lamp] })).kind).toBe("conflict");
    expect(refusal(() => save(receiving, { status: "issued" })).kind).toBe("conflict");
    expect(refusal(() => save(receiving, { status: "received" }))).toMatchObject({ kind: "invalid", message: receiptSetsStatusMessage });
    // Cutting the desk to the two received and dropping the lamp leaves nothing open: the order is received.
    const [saved] = save(receiving, { status: "receiving", lines: [{ ...desk, quantity: 2 }] });
    expect(saved!.type === "PurchaseOrderSaved" && saved!.data.status).toBe("received");
  });

  it("leaves receiving and received to receipts: a save may keep them, never pick them", () => {
    for (const status of ["receiving", "received"] as const) {
      expect(refusal(() => save(initialOrderState, { status }))).toMatchObject({ kind: "invalid", details: { status } });
      expect(refusal(() => save(issued, { status }))).toMatchObject({ kind: "invalid", message: receiptSetsStatusMessage });
    }
    const received = fold(
      issued,
      receive(issued, [
        { line_id: deskId, quantity: 3 },
        { line_id: lampId, quantity: 0.5 },
      ]),
    );
    expect(save(received, { status: "received", lines: [desk, lamp] })).toEqual([]);
    expect(fold(received, save(received, { status: "cancelled" }))).toMatchObject({ fields: { status: "cancelled" } });
    // Nothing received yet: draft and issued stay choices.
    expect(fold(issued, save(issued, { status: "draft" }))).toMatchObject({ fields: { status: "draft" } });
  });

  it("takes receipts only on issued or receiving orders", () => {
    const draft = fold(initialOrderState, save(initialOrderState, { status: "draft" }));
    expect(refusal(() => receive(draft, [{ line_id: deskId, quantity: 1 }])).kind).toBe("conflict");
    expect(refusal(() => receive(initialOrderState, [{ line_id: deskId, quantity: 1 }])).kind).toBe("not_found");
  });
});
