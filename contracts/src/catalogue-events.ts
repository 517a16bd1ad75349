import { z } from "zod";
import { role } from "./roles.ts";

/**
 * Events of categories, catalogue items, vendor feeds, PunchOut connections, approval rules and work orders.
 *
 * Streams: `category-{uuid}` (stream type "category"), `catalogue-item-{uuid}`, `catalogue-feed-{uuid}` and
 * `catalogue-punchout-{uuid}` (stream type "catalogue"), `rule-{uuid}` ("rule"), `work-order-{code}` ("work-order").
 * "Saved" events carry the whole state after the change, so a projection never needs the previous event.
 */

const nullableString = z.string().nullable();

export const coverageLevels = ["full", "partial", "none"] as const;
export const coverageLevel = z.enum(coverageLevels);
export type CoverageLevel = z.infer<typeof coverageLevel>;

/** Catalogue lifecycle: draft, review, publish (and retire to take an item off the shelf). */
export const catalogueItemStatuses = ["draft", "review", "published", "retired"] as const;
export const catalogueItemStatus = z.enum(catalogueItemStatuses);

export const feedFormats = ["csv", "xlsx", "cxml", "oci", "api"] as const;
export const punchoutProtocols = ["cxml", "oci"] as const;
export const punchoutStatuses = ["connected", "testing", "action-required", "disabled"] as const;
export const ssoStatuses = ["enabled", "pending", "not-configured"] as const;

export const workOrderPriorities = ["low", "normal", "high", "urgent"] as const;
export const workOrderPriority = z.enum(workOrderPriorities);
export const workOrderStatuses = ["submitted", "triaged", "in-progress", "completed", "cancelled"] as const;
export const workOrderStatus = z.enum(workOrderStatuses);

export const businessUnitCoverage = z.object({ business_unit: z.string(), level: coverageLevel });
export const pricingTier = z.object({ min_quantity: z.number().int(), unit_price: z.number() });

const ruleFields = {
  rule_id: z.uuid(),
  name: z.string(),
  min_amount: z.number(),
  max_amount: z.number().nullable(),
  category_id: nullableString,
  vendor_id: nullableString,
  stages: z.array(role),
  /** Stages added when the request would take its budget below zero; absent before budgets existed. */
  over_budget_stages: z.array(role).optional(),
  active: z.boolean(),
};

export const catalogueEventSchemas = {
  // categories
  CategorySaved: z.object({
    category_id: z.uuid(),
    name: z.string(),
    parent_id: nullableString,
    contract_number: nullableString,
    preferred_suppliers: z.array(z.string()),
    coverage: z.array(businessUnitCoverage),
    units_of_measure: z.array(z.string()),
    requires_finance_review: z.boolean(),
  }),
  CategoryArchived: z.object({ category_id: z.uuid() }),

  // catalogue items
  CatalogueItemSaved: z.object({
    item_id: z.uuid(),
    category_id: z.uuid(),
    name: z.string(),
    sku: z.string(),
    unit_of_measure: z.string(),
    contract_number: nullableString,
    preferred_supplier: nullableString,
    /** Absent on items saved before suppliers were linked vendors. */
    vendor_id: nullableString.optional(),
    base_price: z.number(),
    currency: z.string(),
    pricing_tiers: z.array(pricingTier),
    status: catalogueItemStatus,
    coverage_notes: nullableString,
  }),

  // SKU reservations: one stream per SKU, so two items can never hold one code, however close their saves
  SkuReserved: z.object({ sku: z.string(), item_id: z.uuid() }),
  SkuReleased: z.object({ sku: z.string(), item_id: z.uuid() }),

  // vendor-managed feeds: registered once, then each import reports what it staged for review
  VendorFeedRegistered: z.object({
    feed_id: z.uuid(),
    feed_name: z.string(),
    supplier: z.string(),
    format: z.enum(feedFormats),
    category_id: z.uuid(),
    refresh_interval_days: z.number().int(),
    change_log_url: nullableString,
  }),
  VendorFeedImported: z.object({
    feed_id: z.uuid(),
    outcome: z.enum(["succeeded", "failed"]),
    pending_changes: z.number().int(),
    price_variance_alerts: z.number().int(),
    requires_finance_review: z.boolean(),
  }),
  VendorFeedChangesReviewed: z.object({ feed_id: z.uuid() }),

  // PunchOut connections: configuration, then transaction summaries reported by the connector
  PunchoutConnectionSaved: z.object({
    connection_id: z.uuid(),
    supplier: z.string(),
    protocol: z.enum(punchoutProtocols),
    category_id: z.uuid(),
    coverage_scope: z.string(),
    status: z.enum(punchoutStatuses),
    sso_status: z.enum(ssoStatuses),
    notes: nullableString,
  }),
  PunchoutTransactionsRecorded: z.object({
    connection_id: z.uuid(),
    carts: z.number().int(),
    successful_carts: z.number().int(),
  }),

  // approval rules
  ApprovalRuleCreated: z.object(ruleFields),
  ApprovalRuleUpdated: z.object(ruleFields),
  ApprovalRuleDeleted: z.object({ rule_id: z.uuid() }),

  // work orders (public intake, triaged by procurement)
  WorkOrderSubmitted: z.object({
    work_order_id: z.string(),
    title: z.string(),
    details: nullableString,
    requester_name: z.string(),
    requester_email: z.string(),
    priority: workOrderPriority,
    due_date: nullableString,
  }),
  WorkOrderAssigned: z.object({
    work_order_id: z.string(),
    owner_id: nullableString,
    owner_email: nullableString,
  }),
  WorkOrderStatusChanged: z.object({
    work_order_id: z.string(),
    from_status: workOrderStatus,
    to_status: workOrderStatus,
    note: nullableString,
  }),
} as const;
