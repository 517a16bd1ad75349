import { z } from "zod";
import { poFormStatuses } from "./po-status.ts";
import { vendorRisks, vendorStatuses } from "./vendors.ts";
import { orderLineData, receiptLine } from "./order-lines.ts";
import { vendorDocumentKind } from "./vendor-diligence.ts";

/**
 * Events of vendors and purchase orders.
 *
 * Streams: `vendor-{uuid}` and `vendor-name-{normalised name}` (stream type "vendor"), `order-{uuid}` and
 * `po-number-{PO NUMBER}` (stream type "order"). A name or number stream holds one reservation event: appending it
 * with expected version 0 in the same transaction as the vendor or order is what keeps names and numbers unique.
 * "Saved" and "Updated" events carry the whole state after the change, so projections never need older events.
 */

const nullableString = z.string().nullable();

const vendorDetails = {
  risk: z.enum(vendorRisks),
  website: nullableString,
  notes: nullableString,
  renewal_date: nullableString,
};

export const purchasingEventSchemas = {
  // vendors
  VendorRegistered: z.object({ vendor_id: z.uuid(), name: z.string(), status: z.enum(vendorStatuses), ...vendorDetails }),
  VendorNameReserved: z.object({ name: z.string(), vendor_id: z.uuid() }),
  VendorUpdated: z.object({ vendor_id: z.uuid(), ...vendorDetails }),
  VendorBlocked: z.object({ vendor_id: z.uuid(), reason: nullableString }),
  VendorUnblocked: z.object({ vendor_id: z.uuid(), reason: nullableString }),
  VendorDocumentAdded: z.object({
    vendor_id: z.uuid(),
    document_id: z.uuid(),
    kind: vendorDocumentKind,
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    /** Where the bytes are kept; never shown outside the product. */
    storage_key: z.string(),
    expires_on: nullableString,
  }),
  VendorDocumentRemoved: z.object({ vendor_id: z.uuid(), document_id: z.uuid(), kind: vendorDocumentKind }),
  /** On the workspace's `diligence-settings` stream. */
  DiligenceSettingsChanged: z.object({ required_kinds: z.array(vendorDocumentKind), block_orders: z.boolean() }),

  // purchase orders
  PurchaseOrderSaved: z.object({
    order_id: z.uuid(),
    po_number: z.string(),
    vendor_id: nullableString,
    vendor_name: z.string(),
    total: z.number(),
    status: z.enum(poFormStatuses),
    request_id: nullableString,
    expected_date: nullableString,
    notes: nullableString,
    /** The lines with what has been received of each; absent from orders saved before lines (see `orderLinesOf`). */
    lines: z.array(orderLineData).optional(),
  }),
  /**
   * Goods received against the order's lines. Always appended with a PurchaseOrderSaved that carries the lines'
   * received quantities and the status the receipt set, so readers of saves follow receipts unchanged.
   */
  PurchaseOrderReceived: z.object({
    order_id: z.uuid(),
    receipt_id: z.uuid(),
    po_number: z.string(),
    lines: z.array(receiptLine),
    received_on: z.string(),
    note: nullableString,
  }),
  PurchaseOrderDeleted: z.object({ order_id: z.uuid(), po_number: z.string() }),
  PoNumberReserved: z.object({ po_number: z.string(), order_id: z.uuid() }),
} as const;
