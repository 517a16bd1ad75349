import type { ColumnType } from "kysely";

export interface VendorDocumentsRow {
  id: string;
  vendor_id: string;
  kind: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  /** YYYY-MM-DD, or null for a document that does not run out. */
  expires_on: string | null;
  uploaded_by: string | null;
  created_at: string;
}

/** One row (id 1) once an admin has changed the defaults. */
export interface DiligenceSettingsRow {
  id: number;
  required_kinds: ColumnType<string[], string, string>;
  block_orders: boolean;
}

declare module "../tables.ts" {
  interface ReadModelTables {
    rm_vendor_documents: VendorDocumentsRow;
    rm_diligence_settings: DiligenceSettingsRow;
  }
}
