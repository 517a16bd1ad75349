import { describe, expect, it } from "vitest";
import {
  lineTotalTooLargeMessage,
  orderTotalTooLargeMessage,
  quantityMessage,
  statusMessage,
  totalMessage,
  vendorNameMessage,
  type PurchaseOrder,
} from "@procure/contracts";
import { blankOrder, orderResolver, orderToForm, typedLinesTotal, type OrderFormValues } from "./order-form";

const resolve = (values: Partial<OrderFormValues>) => orderResolver({ ...blankOrder, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the order form", () => {
  it("words a missing, negative or non-numeric total as the spec does", async () => {
    for (const total of ["", "-1", "abc"]) {
      const { errors } = await resolve({ vendor_name: "Acme", total });
      expect(errors.total?.message).toBe(totalMessage);
    }
  });

  it("needs a vendor name or a chosen vendor, reported with the other errors at once", async () => {
    const { errors } = await resolve({ total: "-5" });
    expect(errors.vendor_name?.message).toBe(vendorNameMessage);
    expect(errors.total?.message).toBe(totalMessage);
  });

  it("refuses a status outside the five", async () => {
    const { errors } = await resolve({ vendor_name: "Acme", total: "10", status: "shipped" });
    expect(errors.status?.message).toBe(statusMessage);
  });

  it("sends blanks as null and the total as a number", async () => {
    const { values, errors } = await resolve({ vendor_name: " Acme ", total: "12.5", status: "Issued" });
    expect(errors).toEqual({});
    expect(values).toEqual({
      po_number: null,
      vendor_id: null,
      vendor_name: "Acme",
      total: 12.5,
      status: "issued",
      request_id: null,
      expected_date: null,
      notes: null,
    });
  });

  it("fills the form from an order", () => {
    const order = {
      id: "1",
      po_number: "PO-1",
      vendor_id: null,
      vendor_name: "Acme",
      total: 10,
      status: "draft",
      request_id: null,
      expected_date: "2026-01-02",
      notes: null,
      created_by: null,
      version: 1,
      created_at: "",
      updated_at: "",
      lines: [{ id: "1", description: "Order total", quantity: 1, unit_price: 10, item_id: null, received_quantity: 0, invoiced_quantity: 0 }],
    } satisfies PurchaseOrder;
    expect(orderToForm(order)).toEqual({ ...blankOrder, po_number: "PO-1", vendor_name: "Acme", total: "10", expected_date: "2026-01-02" });
    // Lines of their own are edited as lines; the order's one line of its total shows as the total alone.
    const desk = { id: "2", description: "Desk", quantity: 2, unit_price: 5, item_id: null, received_quantity: 0, invoiced_quantity: 0 };
    expect(orderToForm({ ...order, lines: [desk] }).lines).toEqual([{ id: "2", description: "Desk", quantity: "2", unit_price: "5", item_id: "" }]);
  });

  it("sends lines without a total, the total being their sum, and words a bad quantity", async () => {
    const line = { id: "", description: "Desk", quantity: "3", unit_price: "19.99", item_id: "" };
    const { values, errors } = await resolve({ vendor_name: "Acme", total: "", lines: [line] });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ lines: [{ description: "Desk", quantity: 3, unit_price: 19.99 }] });
    expect(values.total).toBeUndefined();
    expect(typedLinesTotal([line, { ...line, quantity: "0.5", unit_price: "35.55" }])).toBe(77.75);
    const bad = await resolve({ vendor_name: "Acme", lines: [{ ...line, quantity: "0" }] });
    expect(bad.errors.lines?.[0]?.quantity?.message).toBe(quantityMessage);
  });

  it("says before saving that a line's total, or the lines' sum, is past the amount rule", async () => {
    const line = { id: "", description: "Steel", quantity: "1000", unit_price: "1000000000", item_id: "" };
    const huge = await resolve({ vendor_name: "Acme", lines: [line] });
    expect(huge.errors.lines?.[0]?.unit_price?.message).toBe(lineTotalTooLargeMessage);
    const half = { ...line, quantity: "1", unit_price: "600000000" };
    const summed = await resolve({ vendor_name: "Acme", lines: [half, half] });
    expect(summed.errors.lines?.message ?? summed.errors.lines?.root?.message).toBe(orderTotalTooLargeMessage);
  });
});
