import { z } from "zod";
import { eventDataSchemas } from "./events.ts";
import { approvalRuleInput } from "./approval-rules.ts";
import { createBudgetBody } from "./budgets.ts";
import {
  catalogueItemBody,
  catalogueItemPatchBody,
  categoryBody,
  categoryPatchBody,
  feedImportBody,
  punchoutConnectionBody,
  punchoutConnectionPatchBody,
  vendorFeedBody,
} from "./catalogue.ts";
import { updateWebhookBody } from "./webhooks.ts";
import { createWorkOrderBody } from "./work-orders.ts";
import { orderLineInput } from "./order-lines.ts";

/**
 * Every command the domain decides, one union per kind of stream. An API route turns its request into one of
 * these (with what it looked up elsewhere, such as a new request's approval route); the stream's decider in
 * `@procure/domain` is the one `decide` that answers it with events.
 */
const command = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...shape });
const note = z.string().nullable();
const data = eventDataSchemas;
const lineage = z.array(z.string());

/** The members whose approvals the actor may decide today by delegation, as their own streams tell it. */
const standInFor = z.array(z.object({ id: z.string(), email: z.string(), role: data.UserRoleChanged.shape.role })).optional();

/** The workspace's separation of duties as the command read it from its stream: the deciders check against it. */
const controls = data.ControlsSettingsChanged;

/** A change names a priority or need-by date only when the requester changed it; the decider keeps the rest. */
const requestChanges = (event: typeof data.RequestEdited | typeof data.RequestResubmitted) =>
  event.omit({ request_id: true }).partial({ priority: true, needed_by: true });

export const requestCommand = z.discriminatedUnion("type", [
  command("CreateRequest", { request: data.RequestCreated }),
  command("ApproveRequest", { comment: note, stand_in_for: standInFor, controls }),
  command("DenyRequest", { comment: note, stand_in_for: standInFor, controls }),
  command("WithdrawDecision", {}),
  command("CommentOnRequest", { comment_id: z.uuid(), body: z.string() }),
  command("AttachFile", { file: data.RequestFileAttached.omit({ request_id: true }) }),
  /** `approved_only`: a new link needs an approved request; a renumbered order only tells its request the new number. */
  command("LinkRequestToOrder", { order_id: z.uuid(), po_number: z.string(), approved_only: z.boolean() }),
  command("UnlinkRequestFromOrder", { order_id: z.uuid() }),
  command("EditRequest", { changes: requestChanges(data.RequestEdited) }),
  command("WithdrawRequest", { reason: note }),
  command("ResubmitRequest", { changes: requestChanges(data.RequestResubmitted) }),
]);
export type RequestCommand = z.infer<typeof requestCommand>;

/** The vendor an order names, as the vendor's stream tells it; null when no vendor has that id. */
const vendorSnapshot = z.object({ name: z.string(), status: z.enum(["active", "blocked"]) }).nullable();

export const orderCommand = z.discriminatedUnion("type", [
  /** `edit` needs an existing order; the vendor's name comes from its stream when the order names a vendor. */
  command("SaveOrder", {
    mode: z.enum(["create", "edit"]),
    /** A null total was not sent: the lines' sum, or the order's total as it stands. */
    fields: data.PurchaseOrderSaved.omit({ order_id: true, vendor_name: true, lines: true }).extend({ total: z.number().nullable() }),
    /** Null when the body sent none; every line has an id (the route gives new lines theirs). */
    lines: z.array(orderLineInput.required({ id: true })).nullable(),
    vendor_name: z.string().nullable(),
    vendor: vendorSnapshot,
  }),
  command("DeleteOrder", {}),
  command("ReceiveOrder", { receipt: data.PurchaseOrderReceived.omit({ order_id: true, po_number: true }) }),
  /** The tolerance is the workspace's as the command read it from the matching-settings stream. */
  command("RecordInvoice", {
    invoice: data.InvoiceRecorded.pick({ invoice_id: true, number: true, invoice_date: true, lines: true, notes: true, tolerance_percent: true }),
  }),
  command("ApproveInvoice", { invoice_id: z.uuid(), comment: z.string().nullable(), controls }),
  command("PayInvoice", { invoice_id: z.uuid(), paid_on: z.string(), reference: z.string(), controls }),
  command("DisputeInvoice", { invoice_id: z.uuid(), reason: z.string() }),
  command("ResolveInvoiceDispute", { invoice_id: z.uuid() }),
  command("RejectInvoice", { invoice_id: z.uuid(), reason: z.string() }),
]);
export type OrderCommand = z.infer<typeof orderCommand>;

/** The invoice as its order's stream tells it: the command names it, so its event does too. */
export const invoiceFilesCommand = z.discriminatedUnion("type", [
  command("AttachInvoiceFile", {
    invoice: data.InvoiceFileAttached.pick({ invoice_id: true, order_id: true, vendor_id: true, number: true }),
    file: data.InvoiceFileAttached.omit({ invoice_id: true, order_id: true, vendor_id: true, number: true }),
  }),
]);
export type InvoiceFilesCommand = z.infer<typeof invoiceFilesCommand>;

export const poNumberCommand = z.discriminatedUnion("type", [command("ReservePoNumber", { po_number: z.string(), order_id: z.uuid() })]);
export type PoNumberCommand = z.infer<typeof poNumberCommand>;

export const vendorCommand = z.discriminatedUnion("type", [
  command("RegisterVendor", { vendor: data.VendorRegistered }),
  command("ChangeVendor", {
    changes: data.VendorUpdated.omit({ vendor_id: true })
      .partial()
      .extend({ status: z.enum(["active", "blocked"]).optional(), reason: z.string().nullable().optional() }),
  }),
  command("AddVendorDocument", { document: data.VendorDocumentAdded.omit({ vendor_id: true }) }),
  command("RemoveVendorDocument", { document_id: z.uuid() }),
]);
export type VendorCommand = z.infer<typeof vendorCommand>;

export const diligenceSettingsCommand = z.discriminatedUnion("type", [command("ChangeDiligenceSettings", { settings: data.DiligenceSettingsChanged })]);
export type DiligenceSettingsCommand = z.infer<typeof diligenceSettingsCommand>;

export const controlsSettingsCommand = z.discriminatedUnion("type", [command("ChangeControlsSettings", { settings: data.ControlsSettingsChanged })]);
export type ControlsSettingsCommand = z.infer<typeof controlsSettingsCommand>;

export const invoiceNumberCommand = z.discriminatedUnion("type", [
  command("ReserveInvoiceNumber", { vendor_id: z.uuid(), number: z.string(), invoice_id: z.uuid() }),
]);
export type InvoiceNumberCommand = z.infer<typeof invoiceNumberCommand>;

export const matchingSettingsCommand = z.discriminatedUnion("type", [command("ChangeMatchingSettings", { settings: data.MatchingSettingsChanged })]);
export type MatchingSettingsCommand = z.infer<typeof matchingSettingsCommand>;

export const vendorNameCommand = z.discriminatedUnion("type", [command("ReserveVendorName", { name: z.string(), vendor_id: z.uuid() })]);
export type VendorNameCommand = z.infer<typeof vendorNameCommand>;

export const userCommand = z.discriminatedUnion("type", [
  /** `active: false` registers the account already deactivated (a settings import copying an inactive member). */
  command("RegisterUser", { user: data.UserRegistered, active: z.boolean().optional() }),
  command("ChangeUserRole", { role: data.UserRoleChanged.shape.role }),
  /** An admin's change to a member: role and activity in one decision, so both or neither are recorded. */
  command("UpdateMember", { role: data.UserRoleChanged.shape.role.optional(), active: z.boolean().optional() }),
  command("ResetUserPassword", {}),
  command("ChangeOwnPassword", {}),
  command("MarkRequestsSeen", { request_ids: data.UserSawRequests.shape.request_ids }),
]);
export type UserCommand = z.infer<typeof userCommand>;

export const emailCommand = z.discriminatedUnion("type", [command("ReserveEmail", { email: z.string(), user_id: z.uuid() })]);
export type EmailCommand = z.infer<typeof emailCommand>;

export const workspaceCommand = z.discriminatedUnion("type", [command("ClaimFirstAdmin", { user_id: z.uuid() })]);
export type WorkspaceCommand = z.infer<typeof workspaceCommand>;

export const categoryCommand = z.discriminatedUnion("type", [
  /** `parent_lineage`: the parent and its ancestors, so a category never lands under itself. */
  command("CreateCategory", { category: categoryBody, parent_lineage: lineage }),
  command("UpdateCategory", { changes: categoryPatchBody, parent_lineage: lineage }),
  command("ArchiveCategory", {}),
]);
export type CategoryCommand = z.infer<typeof categoryCommand>;

export const itemCommand = z.discriminatedUnion("type", [
  command("CreateItem", { item: catalogueItemBody }),
  command("UpdateItem", { changes: catalogueItemPatchBody }),
]);
export type ItemCommand = z.infer<typeof itemCommand>;

export const skuCommand = z.discriminatedUnion("type", [
  command("ReserveSku", { sku: z.string(), item_id: z.uuid() }),
  command("ReleaseSku", { sku: z.string(), item_id: z.uuid() }),
]);
export type SkuCommand = z.infer<typeof skuCommand>;

export const feedCommand = z.discriminatedUnion("type", [
  command("RegisterFeed", { feed: vendorFeedBody }),
  command("RecordFeedImport", { import: feedImportBody }),
  command("ReviewFeedChanges", {}),
]);
export type FeedCommand = z.infer<typeof feedCommand>;

export const punchoutCommand = z.discriminatedUnion("type", [
  command("CreatePunchoutConnection", { connection: punchoutConnectionBody }),
  command("UpdatePunchoutConnection", { changes: punchoutConnectionPatchBody }),
  command("RecordPunchoutTransactions", { carts: z.number().int(), successful: z.number().int() }),
]);
export type PunchoutCommand = z.infer<typeof punchoutCommand>;

export const ruleCommand = z.discriminatedUnion("type", [
  command("CreateRule", { rule: approvalRuleInput }),
  command("UpdateRule", { changes: approvalRuleInput }),
  command("DeleteRule", {}),
]);
export type RuleCommand = z.infer<typeof ruleCommand>;

export const workOrderCommand = z.discriminatedUnion("type", [
  command("SubmitWorkOrder", { work_order: createWorkOrderBody }),
  command("TriageWorkOrder", {
    owner: z.object({ id: z.string(), email: z.string() }).nullable().optional(),
    status: data.WorkOrderStatusChanged.shape.to_status.optional(),
    note: note.optional(),
  }),
]);
export type WorkOrderCommand = z.infer<typeof workOrderCommand>;

export const webhookCommand = z.discriminatedUnion("type", [
  command("CreateWebhookEndpoint", { endpoint: data.WebhookEndpointCreated.omit({ endpoint_id: true }) }),
  command("UpdateWebhookEndpoint", { changes: updateWebhookBody }),
  command("DeleteWebhookEndpoint", {}),
  /** The dispatcher's: the receiver answered 410 Gone, or every retry failed. */
  command("DisableWebhookEndpoint", { reason: z.string() }),
  command("RotateWebhookSecret", { previous_valid_until: z.string() }),
]);
export type WebhookCommand = z.infer<typeof webhookCommand>;

export const webhookSlotsCommand = z.discriminatedUnion("type", [
  /** `held_before`: the endpoints that exist, read once when the slots stream is still empty (endpoints made before it). */
  command("TakeWebhookEndpointSlots", { endpoint_ids: z.array(z.uuid()).min(1), limit: z.number().int(), held_before: z.array(z.uuid()) }),
  command("FreeWebhookEndpointSlot", { endpoint_id: z.uuid() }),
]);
export type WebhookSlotsCommand = z.infer<typeof webhookSlotsCommand>;

/** `budget` carries the category's name as the command read it. */
const budgetData = createBudgetBody.extend({ category_name: z.string().nullable() });
export const budgetCommand = z.discriminatedUnion("type", [
  command("CreateBudget", { budget: budgetData }),
  command("UpdateBudget", { budget: budgetData }),
  command("DeleteBudget", {}),
  command("RecordBudgetExceeded", { request_id: z.uuid(), request_amount: z.number(), remaining: z.number() }),
]);
export type BudgetCommand = z.infer<typeof budgetCommand>;

export const budgetSlotCommand = z.discriminatedUnion("type", [
  command("TakeBudgetSlot", { budget_id: z.uuid() }),
  command("FreeBudgetSlot", { budget_id: z.uuid() }),
]);
export type BudgetSlotCommand = z.infer<typeof budgetSlotCommand>;
