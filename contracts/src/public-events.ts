import { z } from "zod";
import { eventDataSchemas, type EventType } from "./events.ts";

/**
 * The events automation may see, by internal type: the public name (dotted, stable) and the payload schema that
 * documents it. Anything not listed here is internal and never leaves the product: reservations (names, numbers,
 * emails), user registration, the first-admin claim and webhook configuration.
 */
const s = eventDataSchemas;

export const publicEventMap = {
  RequestCreated: { name: "request.created", schema: s.RequestCreated },
  RequestStageApproved: { name: "request.stage_approved", schema: s.RequestStageApproved },
  RequestApproved: { name: "request.approved", schema: s.RequestApproved },
  RequestDenied: { name: "request.denied", schema: s.RequestDenied },
  // The requester's own changes: the details as they now stand and the route approvals start again on.
  // A decision its decider took back within moments: the request waits again, as if the decision had not been made.
  RequestDecisionWithdrawn: { name: "request.decision_withdrawn", schema: s.RequestDecisionWithdrawn },
  RequestEdited: { name: "request.edited", schema: s.RequestEdited },
  RequestWithdrawn: { name: "request.withdrawn", schema: s.RequestWithdrawn },
  RequestResubmitted: { name: "request.resubmitted", schema: s.RequestResubmitted },
  RequestCommented: { name: "request.commented", schema: s.RequestCommented },
  // Where the file is stored is the product's business; its name, type, size and digest are the integrator's.
  RequestFileAttached: { name: "request.file_attached", schema: s.RequestFileAttached.omit({ storage_key: true }) },
  RequestLinkedToOrder: { name: "request.linked_to_order", schema: s.RequestLinkedToOrder },
  RequestUnlinkedFromOrder: { name: "request.unlinked_from_order", schema: s.RequestUnlinkedFromOrder },
  PurchaseOrderSaved: { name: "purchase_order.saved", schema: s.PurchaseOrderSaved },
  PurchaseOrderDeleted: { name: "purchase_order.deleted", schema: s.PurchaseOrderDeleted },
  // A receipt; the order's status and received quantities after it come as purchase_order.saved beside it.
  PurchaseOrderReceived: { name: "order.received", schema: s.PurchaseOrderReceived },
  // An invoice's events carry its order and vendor; the amounts are the order's currency units, rounded to cents.
  InvoiceRecorded: { name: "invoice.recorded", schema: s.InvoiceRecorded },
  InvoiceMatched: { name: "invoice.matched", schema: s.InvoiceMatched },
  InvoiceApproved: { name: "invoice.approved", schema: s.InvoiceApproved },
  InvoicePaid: { name: "invoice.paid", schema: s.InvoicePaid },
  InvoiceDisputed: { name: "invoice.disputed", schema: s.InvoiceDisputed },
  InvoiceDisputeResolved: { name: "invoice.dispute_resolved", schema: s.InvoiceDisputeResolved },
  InvoiceRejected: { name: "invoice.rejected", schema: s.InvoiceRejected },
  InvoiceFileAttached: { name: "invoice.file_attached", schema: s.InvoiceFileAttached.omit({ storage_key: true }) },
  VendorRegistered: { name: "vendor.registered", schema: s.VendorRegistered },
  VendorUpdated: { name: "vendor.updated", schema: s.VendorUpdated },
  VendorBlocked: { name: "vendor.blocked", schema: s.VendorBlocked },
  VendorUnblocked: { name: "vendor.unblocked", schema: s.VendorUnblocked },
  VendorDocumentAdded: { name: "vendor.document_added", schema: s.VendorDocumentAdded.omit({ storage_key: true }) },
  VendorDocumentRemoved: { name: "vendor.document_removed", schema: s.VendorDocumentRemoved },
  CategorySaved: { name: "category.saved", schema: s.CategorySaved },
  CategoryArchived: { name: "category.archived", schema: s.CategoryArchived },
  CatalogueItemSaved: { name: "catalogue_item.saved", schema: s.CatalogueItemSaved },
  VendorFeedRegistered: { name: "vendor_feed.registered", schema: s.VendorFeedRegistered },
  VendorFeedImported: { name: "vendor_feed.imported", schema: s.VendorFeedImported },
  VendorFeedChangesReviewed: { name: "vendor_feed.changes_reviewed", schema: s.VendorFeedChangesReviewed },
  PunchoutConnectionSaved: { name: "punchout_connection.saved", schema: s.PunchoutConnectionSaved },
  PunchoutTransactionsRecorded: { name: "punchout_connection.transactions_recorded", schema: s.PunchoutTransactionsRecorded },
  ApprovalRuleCreated: { name: "approval_rule.created", schema: s.ApprovalRuleCreated },
  ApprovalRuleUpdated: { name: "approval_rule.updated", schema: s.ApprovalRuleUpdated },
  ApprovalRuleDeleted: { name: "approval_rule.deleted", schema: s.ApprovalRuleDeleted },
  BudgetCreated: { name: "budget.created", schema: s.BudgetCreated },
  BudgetUpdated: { name: "budget.updated", schema: s.BudgetUpdated },
  BudgetDeleted: { name: "budget.deleted", schema: s.BudgetDeleted },
  BudgetExceeded: { name: "budget.exceeded", schema: s.BudgetExceeded },
  WorkOrderSubmitted: { name: "work_order.submitted", schema: s.WorkOrderSubmitted },
  WorkOrderAssigned: { name: "work_order.assigned", schema: s.WorkOrderAssigned },
  WorkOrderStatusChanged: { name: "work_order.status_changed", schema: s.WorkOrderStatusChanged },
} as const satisfies Partial<Record<EventType, { name: string; schema: z.ZodObject }>>;

type Mapped = keyof typeof publicEventMap;
export type PublicEventType = (typeof publicEventMap)[Mapped]["name"];

/** Sent by "Send test event"; never recorded in the log. */
export const TEST_EVENT_TYPE = "webhook.test";

export const publicEventTypes = Object.values(publicEventMap).map((entry) => entry.name) as PublicEventType[];

const byInternal = new Map<string, { name: PublicEventType; schema: z.ZodObject }>(Object.entries(publicEventMap));
const byPublic = new Map<string, EventType>(Object.entries(publicEventMap).map(([internal, entry]) => [entry.name, internal as EventType]));

export function isPublicEventType(name: string): name is PublicEventType {
  return byPublic.has(name);
}

/** The public name of an internal event type, or null for an internal event. */
export function publicNameOf(internalType: string): PublicEventType | null {
  return byInternal.get(internalType)?.name ?? null;
}

/** The internal types behind public names (all public types when `names` is empty or holds "*"). */
export function internalTypesFor(names: readonly string[]): EventType[] {
  if (names.length === 0 || names.includes("*")) return [...byPublic.values()];
  return names.flatMap((name) => (byPublic.has(name) ? [byPublic.get(name)!] : []));
}

/** The public payload: the documented fields only (unknown keys are dropped by the schema). */
export function publicPayloadOf(internalType: string, data: unknown): Record<string, unknown> | null {
  const entry = byInternal.get(internalType);
  if (!entry) return null;
  const parsed = entry.schema.safeParse(data);
  return parsed.success ? (parsed.data as Record<string, unknown>) : { ...(data as Record<string, unknown>), storage_key: undefined };
}

/** What a webhook delivers and the event feed lists for one event. */
export const publicEvent = z.object({
  id: z.uuid().describe("The event id: the webhook-id header, the same on every retry and replay"),
  type: z.string().describe("The public event type, e.g. request.approved"),
  timestamp: z.string().describe("When the event was recorded (ISO 8601)"),
  data: z.record(z.string(), z.unknown()).describe("The public payload; see publicEventPayloads"),
});
export type PublicEvent = z.infer<typeof publicEvent>;

/** Every public payload by public type, for the OpenAPI document. */
export const publicEventPayloads = z.object(
  Object.fromEntries(Object.values(publicEventMap).map((entry) => [entry.name, entry.schema.optional()])) as unknown as Record<
    PublicEventType,
    z.ZodOptional<z.ZodObject>
  >,
);
