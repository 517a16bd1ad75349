import { zodResolver } from "@hookform/resolvers/zod";
import { linesTotal, orderTotalLineDescription, saveOrderBody, vendorNameMessage, type PurchaseOrder, type SaveOrderBody } from "@procure/contracts";
import type { FieldErrors, Resolver } from "react-hook-form";

/** A line as the drawer holds it: typed text; `id` is "" for a line not saved yet. */
export type OrderLineFormValues = { id: string; description: string; quantity: string; unit_price: string; item_id: string };

/** What the drawer holds: everything as typed text or select values ("" = none). No lines: the total alone. */
export type OrderFormValues = {
  po_number: string;
  vendor_id: string;
  vendor_name: string;
  total: string;
  status: string;
  request_id: string;
  expected_date: string;
  notes: string;
  lines: OrderLineFormValues[];
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
  lines: [],
};

export const blankLine: OrderLineFormValues = { id: "", description: "", quantity: "1", unit_price: "", item_id: "" };

/** An order that is one line of its total shows the total alone, as before lines existed. */
export const isTotalOnly = (order: PurchaseOrder) => {
  const [only, ...more] = order.lines;
  return !only || (more.length === 0 && only.quantity === 1 && only.description === orderTotalLineDescription);
};

export const lineToForm = (line: PurchaseOrder["lines"][number]): OrderLineFormValues => ({
  id: line.id,
  description: line.description,
  quantity: String(line.quantity),
  unit_price: String(line.unit_price),
  item_id: line.item_id ?? "",
});

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
    lines: isTotalOnly(order) ? [] : order.lines.map(lineToForm),
  };
}

/** The lines' sum as typed so far, for the total the drawer shows while lines are edited. */
export const typedLinesTotal = (lines: readonly OrderLineFormValues[]) =>
  linesTotal(lines.map((line) => ({ quantity: Number(line.quantity) || 0, unit_price: Number(line.unit_price) || 0 })));

/** What the API is sent: with lines, the lines and no total (it is their sum); without, the total alone. */
function toBody(values: OrderFormValues) {
  if (values.lines.length === 0) return { ...values, lines: undefined };
  const lines = values.lines.map(({ id, item_id, ...line }) => ({ ...line, id: id || undefined, item_id: item_id || undefined }));
  return { ...values, total: undefined, lines };
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
  const result = await contract(toBody(values) as unknown as OrderFormValues, context, options);
  const errors: FieldErrors<OrderFormValues> = { ...result.errors };
  if (!values.vendor_id.trim() && !values.vendor_name.trim()) errors.vendor_name = { type: "required", message: vendorNameMessage };
  return Object.keys(errors).length === 0 ? result : { values: {}, errors };
};
