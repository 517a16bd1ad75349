import { z } from "zod";

/**
 * Events of vendor invoices against purchase orders, and the workspace's matching tolerance.
 *
 * An invoice's events live on its order's stream (`order-{uuid}`): whether an invoice matches depends on what was
 * ordered and received and on the order's other invoices, so recording an invoice, a receipt and an approval are
 * decided on one stream and cannot race. An invoice number is unique per vendor through a reservation on
 * `invoice-number-{vendor uuid}-{NUMBER}` (stream type "order"), appended with the invoice.
 *
 * Money is in the product's currency units rounded to whole cents (see `toCents`), like every order amount: a line's
 * `unit_price` is 12.5 for $12.50, and `total` is the sum of quantity × unit price over the lines, added in cents.
 */

export const invoiceMatchStates = ["matched", "price_variance", "over_invoiced", "awaiting_receipt"] as const;
export const invoiceMatchState = z.enum(invoiceMatchStates);
export type InvoiceMatchState = z.infer<typeof invoiceMatchState>;

/**
 * An open invoice is approved, then paid. Finance may dispute an open or approved one with the vendor (it can be
 * neither approved nor paid until the dispute is resolved, which opens it again) and may reject any unpaid one,
 * which is final.
 */
export const invoiceStatuses = ["open", "approved", "paid", "disputed", "rejected"] as const;
export const invoiceStatus = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;

/** One invoiced line: which order line, how much of it, at what unit price. */
export const invoiceLineData = z.object({ line_id: z.string(), quantity: z.number(), unit_price: z.number() });
export type InvoiceLineData = z.infer<typeof invoiceLineData>;

/** What every event of one invoice names, so a reader never needs an earlier event to place it. */
const invoiceRef = {
  invoice_id: z.uuid(),
  order_id: z.uuid(),
  vendor_id: z.uuid(),
  number: z.string(),
};

export const invoiceEventSchemas = {
  InvoiceRecorded: z.object({
    ...invoiceRef,
    po_number: z.string(),
    vendor_name: z.string(),
    invoice_date: z.string(),
    lines: z.array(invoiceLineData),
    /** The sum of the lines (quantity × unit price), in currency units rounded to cents. */
    total: z.number(),
    notes: z.string().nullable(),
    /** The price tolerance the invoice is checked against: the workspace's when it was recorded. */
    tolerance_percent: z.number(),
    /** The match when recorded; later changes come as `InvoiceMatched` (and follow receipts in the read model). */
    match: invoiceMatchState,
  }),
  /** The invoice became matched: recorded so, or the goods it waited for arrived. */
  InvoiceMatched: z.object({ ...invoiceRef }),
  /** `match` as it stood when approved; a comment is required unless it was matched. */
  InvoiceApproved: z.object({ ...invoiceRef, total: z.number(), match: invoiceMatchState, comment: z.string().nullable() }),
  /** `paid_on` and `reference` say when and under what payment reference it was paid; invoices paid before they were asked have neither. */
  InvoicePaid: z.object({ ...invoiceRef, total: z.number(), paid_on: z.string().optional(), reference: z.string().optional() }),
  /** Held back while finance settles a question with the vendor; `reason` says what is in question. */
  InvoiceDisputed: z.object({ ...invoiceRef, reason: z.string() }),
  /** The dispute is settled: the invoice is open again and is approved afresh. */
  InvoiceDisputeResolved: z.object({ ...invoiceRef }),
  /** Refused for good: a rejected invoice is never approved or paid. */
  InvoiceRejected: z.object({ ...invoiceRef, reason: z.string() }),
  /**
   * The vendor's own invoice document, kept in the file store like a request's files. Its events live on a stream of
   * their own (`invoice-files-{invoice uuid}`, stream type "order"): a document changes nothing the order decides.
   */
  InvoiceFileAttached: z.object({
    ...invoiceRef,
    file_id: z.uuid(),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    storage_key: z.string(),
  }),
  InvoiceNumberReserved: z.object({ vendor_id: z.uuid(), number: z.string(), invoice_id: z.uuid() }),
  /** On the workspace's `matching-settings` stream. */
  MatchingSettingsChanged: z.object({ tolerance_percent: z.number() }),
} as const;
