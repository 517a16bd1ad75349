import { cacheKeys, type InvoiceFile, type StoredEvent } from "@procure/contracts";
import type { Kysely } from "kysely";
import { oneAtATime, type Projection } from "../projection.ts";
import { readersOf } from "../audiences.ts";
import type { Database } from "../tables.ts";
import type { InvoiceFilesRow } from "./tables.ts";

/** A document's row, as the projection stores it and as the upload answers before the projection has it. */
export function invoiceFileRow(event: StoredEvent<"InvoiceFileAttached">): InvoiceFilesRow {
  const d = event.data;
  return {
    id: d.file_id,
    invoice_id: d.invoice_id,
    filename: d.filename,
    content_type: d.content_type,
    size: d.size,
    sha256: d.sha256,
    storage_key: d.storage_key,
    uploaded_by: event.metadata.actor_email ?? event.metadata.actor_id ?? "unknown",
    created_at: event.recorded_at,
  };
}

/** The vendor's invoice documents, which those who read invoices see. */
export const invoiceFilesProjection: Projection = {
  name: "invoice-files",
  version: 1,
  tables: ["rm_invoice_files"],
  handles: ["InvoiceFileAttached"],
  apply: oneAtATime(async (db, event) => {
    if (event.type !== "InvoiceFileAttached") return;
    await db
      .insertInto("rm_invoice_files")
      .values(invoiceFileRow(event))
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return [{ keys: [cacheKeys.invoiceFiles(event.data.invoice_id)], audience: readersOf("invoices") }];
  }),
};

export const listInvoiceFiles = (db: Kysely<Database>, invoiceId: string) =>
  db.selectFrom("rm_invoice_files").selectAll().where("invoice_id", "=", invoiceId).orderBy("created_at").orderBy("id").execute();

export const getInvoiceFile = (db: Kysely<Database>, invoiceId: string, fileId: string) =>
  db.selectFrom("rm_invoice_files").selectAll().where("invoice_id", "=", invoiceId).where("id", "=", fileId).executeTakeFirst();

export function toInvoiceFile(row: InvoiceFilesRow): InvoiceFile {
  return {
    id: row.id,
    filename: row.filename,
    url: `/api/invoices/${row.invoice_id}/files/${row.id}`,
    size: row.size,
    content_type: row.content_type,
    sha256: row.sha256,
    uploaded_by: row.uploaded_by,
    created_at: row.created_at,
  };
}
