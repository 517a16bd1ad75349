import { z } from "zod";
import { orderSortFields, sortParam } from "./list-sort.ts";
import { AMOUNT_MAX, blankAsNull, isoDate, lineString, listQuery, shortText, singleLine } from "./common.ts";
import { poFormStatuses } from "./po-status.ts";
import { normalizedEnum } from "./vendors.ts";
import { orderLine, orderLineInput, orderTotalTooLargeMessage, refineLineAmounts } from "./order-lines.ts";

export const totalMessage = "Enter a valid total amount";
export const statusMessage = "Choose a valid status";
export const deleteOrderConfirmation = "Delete this purchase order?";
/** A save that picks a status only receipts set. */
export const receiptSetsStatusMessage = "Receiving and received follow the goods received: record a receipt on the order's page to move it there.";

export const poFormStatus = z.enum(poFormStatuses);

/** PO numbers compare without case. */
export const poNumberKey = (poNumber: string) => poNumber.trim().toUpperCase();

/** A form may send the total as text; anything that is not a finite number from 0 up is the same message. */
const total = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z.number({ error: totalMessage }).min(0, { error: totalMessage }).max(AMOUNT_MAX, { error: totalMessage }),
);
const status = normalizedEnum(poFormStatuses, statusMessage);

/** Letters, digits and a few separators, so a PO number is safe in a stream id and readable on paper. */
const poNumber = lineString()
  .trim()
  .max(40, { error: "A PO number has at most 40 characters" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: "Enter a valid PO number" });

const optionalFields = {
  po_number: blankAsNull(poNumber).optional(),
  vendor_id: blankAsNull(z.uuid({ error: "Choose a valid vendor." })).optional(),
  vendor_name: blankAsNull(singleLine(200)).optional(),
  request_id: blankAsNull(z.uuid({ error: "Choose a valid request." })).optional(),
  expected_date: blankAsNull(z.iso.date({ error: "Enter a valid expected date" })).optional(),
  notes: blankAsNull(shortText(5000)).optional(),
  /** With lines, the total may be left out: it is their sum (a different total is refused). */
  lines: z
    .array(orderLineInput)
    .min(1, { error: "An order has at least one line" })
    .max(500)
    .superRefine(refineLineAmounts(orderTotalTooLargeMessage))
    .optional(),
};

/**
 * POST and PUT: the whole order. Empty optional fields are stored as null; a missing status is a draft. The vendor
 * rule ("Vendor name is required" unless a vendor is chosen) spans two fields and is checked by the decider.
 */
export const saveOrderBody = z
  .object({ ...optionalFields, total: total.optional(), status: status.default("draft") })
  .refine((body) => body.total !== undefined || body.lines !== undefined, { error: totalMessage, path: ["total"] });
export type SaveOrderBody = z.infer<typeof saveOrderBody>;

/** PATCH: only the fields sent change. */
export const patchOrderBody = z.object({ ...optionalFields, total: total.optional(), status: status.optional() });
export type PatchOrderBody = z.infer<typeof patchOrderBody>;

export const purchaseOrder = z.object({
  id: z.uuid(),
  po_number: z.string(),
  vendor_id: z.string().nullable(),
  vendor_name: z.string(),
  total: z.number(),
  status: poFormStatus,
  request_id: z.string().nullable(),
  expected_date: isoDate.nullable(),
  notes: z.string().nullable(),
  lines: z.array(orderLine),
  created_by: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

export const orderListQuery = listQuery.extend({
  status: poFormStatus.optional(),
  vendor_id: z.uuid().optional(),
  request_id: z.uuid().optional(),
  /** Only orders neither received nor cancelled whose expected day has ended. */
  overdue: z.enum(["true", "false"]).optional(),
  sort: sortParam(orderSortFields).optional(),
  cursor: z.string().max(300).optional(),
});
export const orderExportQuery = orderListQuery.omit({ limit: true, cursor: true });
export type OrderListQuery = z.infer<typeof orderListQuery>;
