import { cacheKeys, type StoredEvent } from "@procure/contracts";
import { oneAtATime, type Projection, type Touch } from "../projection.ts";
import { readersOf } from "../audiences.ts";
import type { VendorDocumentsRow } from "./diligence-tables.ts";

// A vendor's diligence shows on its card and in the list, which everyone who may read vendors sees.
const everyone = { everyone: true } as const;
const vendorTouched = (id: string): Touch[] => [
  { keys: [cacheKeys.vendorDocuments(id), cacheKeys.vendor(id), cacheKeys.vendors(), cacheKeys.inbox()], audience: everyone },
];

/** A document's row, as the projection stores it and as a command answers before the projection has it. */
export function vendorDocumentRow(event: StoredEvent<"VendorDocumentAdded">): VendorDocumentsRow {
  const d = event.data;
  return {
    id: d.document_id,
    vendor_id: d.vendor_id,
    kind: d.kind,
    filename: d.filename,
    content_type: d.content_type,
    size: d.size,
    sha256: d.sha256,
    storage_key: d.storage_key,
    expires_on: d.expires_on,
    uploaded_by: event.metadata.actor_email ?? null,
    created_at: event.recorded_at,
  };
}

/** Vendors' documents, and the settings that say which of them every active vendor needs. */
export const vendorDocumentsProjection: Projection = {
  name: "vendor-documents",
  version: 1,
  tables: ["rm_vendor_documents", "rm_diligence_settings"],
  handles: ["VendorDocumentAdded", "VendorDocumentRemoved", "DiligenceSettingsChanged"],
  apply: oneAtATime(async (db, event) => {
    switch (event.type) {
      case "VendorDocumentAdded":
        await db
          .insertInto("rm_vendor_documents")
          .values(vendorDocumentRow(event))
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return vendorTouched(event.data.vendor_id);
      case "VendorDocumentRemoved":
        await db.deleteFrom("rm_vendor_documents").where("id", "=", event.data.document_id).execute();
        return vendorTouched(event.data.vendor_id);
      case "DiligenceSettingsChanged": {
        const values = { required_kinds: JSON.stringify(event.data.required_kinds), block_orders: event.data.block_orders };
        await db
          .insertInto("rm_diligence_settings")
          .values({ id: 1, ...values })
          .onConflict((oc) => oc.column("id").doUpdateSet(values))
          .execute();
        return [
          { keys: [cacheKeys.vendors(), cacheKeys.inbox()], audience: everyone },
          { keys: [cacheKeys.diligenceSettings()], audience: readersOf("settings") },
        ];
      }
    }
  }),
};
