import { publicEventTypes, type PublicEventType } from "./public-events.ts";
import { can, type Permission, type Role } from "./roles.ts";

/**
 * The permission that guards the read route of each public event's record: an event tells no one more than the
 * record's own route would. Requests need `requests:read-all`, since a requester's routes show only their own.
 */
export const publicEventPermissions = {
  "request.created": "requests:read-all",
  "request.stage_approved": "requests:read-all",
  "request.approved": "requests:read-all",
  "request.denied": "requests:read-all",
  "request.decision_withdrawn": "requests:read-all",
  "request.edited": "requests:read-all",
  "request.withdrawn": "requests:read-all",
  "request.resubmitted": "requests:read-all",
  "request.commented": "requests:read-all",
  "request.file_attached": "requests:read-all",
  "request.linked_to_order": "requests:read-all",
  "request.unlinked_from_order": "requests:read-all",
  "purchase_order.saved": "orders:read",
  "purchase_order.deleted": "orders:read",
  "order.received": "orders:read",
  "invoice.recorded": "invoices:read",
  "invoice.matched": "invoices:read",
  "invoice.approved": "invoices:read",
  "invoice.paid": "invoices:read",
  "invoice.disputed": "invoices:read",
  "invoice.dispute_resolved": "invoices:read",
  "invoice.rejected": "invoices:read",
  "invoice.file_attached": "invoices:read",
  "vendor.registered": "vendors:read",
  "vendor.updated": "vendors:read",
  "vendor.blocked": "vendors:read",
  "vendor.unblocked": "vendors:read",
  "vendor.document_added": "vendor-documents:read",
  "vendor.document_removed": "vendor-documents:read",
  "category.saved": "catalogue:read",
  "category.archived": "catalogue:read",
  "catalogue_item.saved": "catalogue:read",
  "vendor_feed.registered": "catalogue:read",
  "vendor_feed.imported": "catalogue:read",
  "vendor_feed.changes_reviewed": "catalogue:read",
  "punchout_connection.saved": "catalogue:read",
  "punchout_connection.transactions_recorded": "catalogue:read",
  "approval_rule.created": "rules:read",
  "approval_rule.updated": "rules:read",
  "approval_rule.deleted": "rules:read",
  "budget.created": "budgets:read",
  "budget.updated": "budgets:read",
  "budget.deleted": "budgets:read",
  "budget.exceeded": "budgets:read",
  "work_order.submitted": "work-orders:manage",
  "work_order.assigned": "work-orders:manage",
  "work_order.status_changed": "work-orders:manage",
} as const satisfies Record<PublicEventType, Permission>;

export function mayReadEventType(r: Role, type: PublicEventType): boolean {
  return can(r, publicEventPermissions[type]);
}

/** The public event types a role may read, in catalogue order. */
export function readableEventTypes(r: Role): PublicEventType[] {
  return publicEventTypes.filter((type) => mayReadEventType(r, type));
}
