import { describe, expect, it } from "vitest";
import { statusMessage, totalMessage, vendorNameMessage, type PurchaseOrder } from "@procure/contracts";
import { blankOrder, orderResolver, orderToForm, type OrderFormValues } from "./order-form";

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
    } satisfies PurchaseOrder;
    expect(orderToForm(order)).toEqual({ ...blankOrder, po_number: "PO-1", vendor_name: "Acme", total: "10", expected_date: "2026-01-02" });
  });
});
