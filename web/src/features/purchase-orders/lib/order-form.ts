import { zodResolver } from "@hookform/resolvers/zod";
import { saveOrderBody, vendorNameMessage, type PurchaseOrder, type SaveOrderBody } from "@procure/contracts";
import type { FieldErrors, Resolver } from "react-hook-form";

/** What the drawer holds: everything as typed text or select values ("" = none). */
export type OrderFormValues = {
  po_number: string;
  vendor_id: string;
  vendor_name: string;
  total: string;
  status: string;
  request_id: string;
  expected_date: string;
  notes: string;
};

export const orderFields = ["po_number", "vendor_id", "vendor_name", "total", "status", "request_id", "expected_date", "notes"] as const;
export type OrderField = (typeof orderFields)[number];

export const blankOrder: OrderFormValues = {
  po_number: "",
  vendor_id: "",
  vendor_name: "",
  total: "",
  status: "draft",
  request_id: "",
  expected_date: "",
  notes: "",
};

export function orderToForm(order: PurchaseOrder): OrderFormValues {
  return {
    po_number: order.po_number,
    vendor_id: order.vendor_id ?? "",
    vendor_name: order.vendor_name,
    total: String(order.total),
    status: order.status,
    request_id: order.request_id ?? "",
    expected_date: order.expected_date ?? "",
    notes: order.notes ?? "",
  };
}

/** Domain refusals that name their field only in words. */
export const serverHints: Partial<Record<OrderField, RegExp>> = {
  po_number: /PO number/i,
  vendor_id: /vendor/i,
  request_id: /request/i,
  expected_date: /expected date/i,
};

const contract = zodResolver(saveOrderBody) as unknown as Resolver<OrderFormValues, unknown, SaveOrderBody>;

/**
 * The API's own body schema is the rule. The vendor rule spans two fields, so the server's decider checks it; it is
 * repeated here with the contract's message so the form shows it beside the other field errors at once.
 */
export const orderResolver: Resolver<OrderFormValues, unknown, SaveOrderBody> = async (values, context, options) => {
  const result = await contract(values, context, options);
  const errors: FieldErrors<OrderFormValues> = { ...result.errors };
  if (!values.vendor_id.trim() && !values.vendor_name.trim()) errors.vendor_name = { type: "required", message: vendorNameMessage };
  return Object.keys(errors).length === 0 ? result : { values: {}, errors };
};
