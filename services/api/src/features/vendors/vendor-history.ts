import type { StoredEvent, VendorHistoryEntry } from "@procure/contracts";

/** A vendor's events as the history its drawer shows. */
export function vendorHistoryOf(events: readonly StoredEvent[]): VendorHistoryEntry[] {
  const entries: VendorHistoryEntry[] = [];
  for (const event of events) {
    const by = { actor_email: event.metadata.actor_email ?? null, recorded_at: event.recorded_at };
    switch (event.type) {
      case "VendorRegistered":
        entries.push({ type: "registered", ...by });
        break;
      case "VendorUpdated":
        entries.push({ type: "updated", ...by, changes: Object.keys(event.data).filter((key) => key !== "vendor_id") });
        break;
      case "VendorBlocked":
        entries.push({ type: "blocked", ...by, reason: event.data.reason ?? null });
        break;
      case "VendorUnblocked":
        entries.push({ type: "unblocked", ...by, reason: event.data.reason ?? null });
        break;
      case "VendorDocumentAdded":
        entries.push({ type: "document_added", ...by, document: { kind: event.data.kind, filename: event.data.filename, expires_on: event.data.expires_on } });
        break;
      case "VendorDocumentRemoved":
        entries.push({ type: "document_removed", ...by, document: { kind: event.data.kind, filename: null, expires_on: null } });
        break;
    }
  }
  return entries;
}
