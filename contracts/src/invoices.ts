import { z } from "zod";
import { blankAsNull, isoDate, lineString, listQuery, shortText } from "./common.ts";
import { invoiceTotalTooLargeMessage, lineQuantity, refineLineAmounts, unitPriceInput } from "./order-lines.ts";
import { invoiceMatchState, invoiceMatchStates, invoiceStatus, invoiceStatuses, type InvoiceMatchState, type InvoiceStatus } from "./invoice-events.ts";

export const invoiceMatchLabels: Record<InvoiceMatchState, string> = {
  matched: "Matched",
  price_variance: "Price variance",
  over_invoiced: "Over-invoiced",
  awaiting_receipt: "Awaiting receipt",
};

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  open: "Open",
  approved: "Approved",
  paid: "Paid",
  disputed: "Disputed",
  rejected: "Rejected",
};

export const approvalCommentMessage = "Add a comment to approve an invoice that is not matched.";

/** Invoice numbers compare without case, like PO numbers. */
export const invoiceNumberKey = (number: string) => number.trim().toUpperCase();

const invoiceNumber = lineString({ error: "Enter the invoice number" })
  .trim()
  .min(1, { error: "Enter the invoice number" })
  .max(60, { error: "An invoice number has at most 60 characters" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/#-]*$/, { error: "Enter a valid invoice number (letters, digits and . _ / # -)" });

export const invoiceLineInput = z.object({ line_id: z.uuid({ error: "Unknown order line" }), quantity: lineQuantity, unit_price: unitPriceInput });

export const recordInvoiceBody = z.object({
  order_id: z.uuid({ error: "Choose a valid purchase order." }),
  number: invoiceNumber,
  invoice_date: z.iso.date({ error: "Enter a valid invoice date" }),
  lines: z.array(invoiceLineInput).min(1, { error: "Invoice at least one line" }).max(500).superRefine(refineLineAmounts(invoiceTotalTooLargeMessage)),
  notes: blankAsNull(shortText(2000)).optional(),
});
export type RecordInvoiceBody = z.infer<typeof recordInvoiceBody>;

export const approveInvoiceBody = z.object({ comment: blankAsNull(shortText(2000)).optional() }).default({});

/** When the payment went out (not in the future, not before the invoice date) and the reference it went under. */
export const payInvoiceBody = z.object({
  paid_on: z.iso.date({ error: "Enter the payment date" }),
  reference: lineString({ error: "Enter the payment reference" })
    .trim()
    .min(1, { error: "Enter the payment reference" })
    .max(100, { error: "A payment reference has at most 100 characters" }),
});
export type PayInvoiceBody = z.infer<typeof payInvoiceBody>;

const invoiceReason = (what: string) => shortText(1000).min(1, { error: `Enter the reason for ${what}` });

/** What finance is querying with the vendor. */
export const disputeInvoiceBody = z.object({ reason: invoiceReason("the dispute") });
/** Why the invoice is refused for good. */
export const rejectInvoiceBody = z.object({ reason: invoiceReason("rejecting the invoice") });

/** One invoice line as answered: what was billed beside what was ordered and received, and what is wrong with it. */
export const invoiceLine = z.object({
  line_id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
  order_unit_price: z.number(),
  variance_percent: z.number().nullable(),
  ordered_quantity: z.number(),
  received_quantity: z.number(),
  invoiced_before: z.number(),
  issue: invoiceMatchState.exclude(["matched"]).nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoice = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  po_number: z.string(),
  vendor_id: z.uuid(),
  vendor_name: z.string(),
  number: z.string(),
  invoice_date: isoDate,
  total: z.number(),
  notes: z.string().nullable(),
  match: invoiceMatchState,
  status: invoiceStatus,
  tolerance_percent: z.number(),
  lines: z.array(invoiceLine),
  approval_comment: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  paid_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The payment's date and reference as finance entered them; null on invoices paid before they were asked. */
  paid_on: isoDate.nullable(),
  payment_reference: z.string().nullable(),
  /** The open dispute's reason, who raised it and when; cleared when it is resolved. */
  dispute_reason: z.string().nullable(),
  disputed_by: z.string().nullable(),
  disputed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  rejected_by: z.string().nullable(),
  rejected_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Why the reader may not take the invoice's next step (approve it while open, pay it once approved) under the
   * workspace's separation of duties, or null; the decider refuses with the same words.
   */
  action_blocked_reason: z.string().nullable().optional(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceListQuery = listQuery.extend({
  match: z.enum(invoiceMatchStates, { error: "Choose a valid match" }).optional(),
  status: z.enum(invoiceStatuses, { error: "Choose a valid status" }).optional(),
  order_id: z.uuid({ error: "Choose a valid purchase order." }).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
/** `GET /api/invoices/export.csv`: the list's filters and search, every matching invoice. */
export const invoiceExportQuery = invoiceListQuery.omit({ limit: true, cursor: true });

// ---- matching settings ----

export const DEFAULT_TOLERANCE_PERCENT = 2;
export const matchingSettings = z.object({
  tolerance_percent: z.number({ error: "Enter a tolerance from 0 to 100 percent" }).min(0).max(100),
});
export type MatchingSettings = z.infer<typeof matchingSettings>;
export const updateMatchingSettingsBody = matchingSettings;
export const defaultMatchingSettings: MatchingSettings = { tolerance_percent: DEFAULT_TOLERANCE_PERCENT };
