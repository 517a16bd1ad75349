import { vendorDocumentKindLabels, type VendorHistoryEntry } from "@procure/contracts";

const fieldLabels: Record<string, string> = { notes: "notes", risk: "risk", website: "website", renewal_date: "renewal date" };

/** One line of a vendor's history, in words: what happened and, for an edit, to which fields. */
export function historyLine(entry: VendorHistoryEntry): string {
  switch (entry.type) {
    case "registered":
      return "Registered";
    case "blocked":
      return entry.reason ? `Blocked: ${entry.reason}` : "Blocked";
    case "unblocked":
      return entry.reason ? `Unblocked: ${entry.reason}` : "Unblocked";
    case "document_added":
      return `Added ${entry.document ? vendorDocumentKindLabels[entry.document.kind] : "a document"}${entry.document?.filename ? `: ${entry.document.filename}` : ""}`;
    case "document_removed":
      return `Removed ${entry.document ? vendorDocumentKindLabels[entry.document.kind] : "a document"}`;
    case "updated": {
      const fields = (entry.changes ?? []).map((f) => fieldLabels[f] ?? f);
      return fields.length ? `Updated ${fields.join(", ")}` : "Updated";
    }
  }
}
