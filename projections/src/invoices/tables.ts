import type { ColumnType } from "kysely";
import type { InvoiceLine, InvoiceLineData } from "@procure/contracts";

export interface InvoicesRow {
  id: string;
  order_id: string;
  /** Where the invoice was recorded in its order's stream: invoices are matched in that order. */
  recorded_version: number;
  /** The last of the invoice's own events applied. */
  version: number;
  po_number: string;
  vendor_id: string;
  vendor_name: string;
  number: string;
  invoice_date: string;
  total: number;
  notes: string | null;
  tolerance_percent: number;
  /** The lines as invoiced; `lines` is them matched against the order as it now stands. */
  recorded_lines: ColumnType<InvoiceLineData[], string, string>;
  lines: ColumnType<InvoiceLine[], string, string>;
  match: string;
  status: string;
  approval_comment: string | null;
  approved_by: string | null;
  approved_at: string | null;
  paid_by: string | null;
  paid_at: string | null;
  paid_on: string | null;
  payment_reference: string | null;
  dispute_reason: string | null;
  disputed_by: string | null;
  disputed_at: string | null;
  rejection_reason: string | null;
  rejected_by: string | null;
  rejected_at: string | null;
  created_by: string | null;
  created_at: string;
  /** The list's order: the invoice date, then when it was recorded (see `invoiceListOrder`). */
  list_order: string;
  updated_at: string;
}

/** One row (id 1) once an admin has changed the default. */
export interface MatchingSettingsRow {
  id: number;
  tolerance_percent: number;
}

/** A vendor's invoice document: where the file store keeps it, and what it is. */
export interface InvoiceFilesRow {
  id: string;
  invoice_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string;
  created_at: string;
}

declare module "../tables.ts" {
  interface ReadModelTables {
    rm_invoices: InvoicesRow;
    rm_invoice_files: InvoiceFilesRow;
    rm_matching_settings: MatchingSettingsRow;
  }
}
