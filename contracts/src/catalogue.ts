import { permissions } from "./roles.ts";
import { z } from "zod";
import { blankAsNull, lineString, money, requiredLine, shortText, singleLine } from "./common.ts";
import type { Role } from "./roles.ts";
import { catalogueItemStatus, coverageLevel, feedFormats, punchoutProtocols, punchoutStatuses, ssoStatuses } from "./catalogue-events.ts";
import { recordVersion } from "./record-version.ts";

/** Who curates the catalogue, from the permission matrix. */
export const catalogueWriterRoles: readonly Role[] = permissions["catalogue:write"];

/** Optional text: "" arrives from forms and means null; a create stores null for a missing field. */
const text = (max = 200) => blankAsNull(shortText(max));
const line = (max = 200) => blankAsNull(singleLine(max));
const textList = z
  .array(singleLine(120))
  .max(50)
  .transform((list) => [...new Set(list.filter(Boolean))]);
const optionalId = z.preprocess((v) => (v === "" ? null : v), z.uuid().nullable());

/**
 * Write bodies come in pairs: the raw fields (a PATCH changes only what it names) and the create body, which
 * fills defaults. Defaults must stay out of the raw fields, or a PATCH would reset what it did not mention.
 */
const categoryFields = {
  name: requiredLine(120),
  parent_id: optionalId,
  contract_number: line(60),
  preferred_suppliers: textList,
  coverage: z
    .array(z.object({ business_unit: requiredLine(80), level: coverageLevel }))
    .max(50)
    .refine((list) => new Set(list.map((c) => c.business_unit.toLowerCase())).size === list.length, {
      error: "List each business unit once.",
    }),
  units_of_measure: textList,
  requires_finance_review: z.boolean(),
};
export const categoryBody = z.object({
  ...categoryFields,
  parent_id: categoryFields.parent_id.default(null),
  contract_number: categoryFields.contract_number.default(null),
  preferred_suppliers: categoryFields.preferred_suppliers.default([]),
  coverage: categoryFields.coverage.default([]),
  units_of_measure: categoryFields.units_of_measure.default([]),
  requires_finance_review: categoryFields.requires_finance_review.default(false),
});
export type CategoryBody = z.infer<typeof categoryBody>;
export const categoryPatchBody = z.object(categoryFields).partial();

const itemFields = {
  category_id: z.uuid(),
  name: requiredLine(200),
  sku: requiredLine(64),
  unit_of_measure: requiredLine(40),
  contract_number: line(60),
  /** Legacy free text, shown only while no vendor is linked. */
  preferred_supplier: line(120),
  /** The supplier as a vendor of the workspace: linked by id, so its current name shows and requests can name it. */
  vendor_id: optionalId,
  base_price: money,
  currency: lineString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: "Use a three-letter currency code." }),
  pricing_tiers: z
    .array(z.object({ min_quantity: z.number().int().min(1), unit_price: money }))
    .max(20)
    .refine((tiers) => new Set(tiers.map((t) => t.min_quantity)).size === tiers.length, { error: "Each tier needs its own minimum quantity." })
    .transform((tiers) => [...tiers].sort((a, b) => a.min_quantity - b.min_quantity)),
  status: catalogueItemStatus,
  coverage_notes: text(1000),
};
export const catalogueItemBody = z.object({
  ...itemFields,
  unit_of_measure: itemFields.unit_of_measure.default("each"),
  contract_number: itemFields.contract_number.default(null),
  preferred_supplier: itemFields.preferred_supplier.default(null),
  vendor_id: itemFields.vendor_id.default(null),
  currency: itemFields.currency.default("USD"),
  pricing_tiers: itemFields.pricing_tiers.default([]),
  status: itemFields.status.default("draft"),
  coverage_notes: itemFields.coverage_notes.default(null),
});
export type CatalogueItemBody = z.infer<typeof catalogueItemBody>;
export const catalogueItemPatchBody = z.object(itemFields).partial();

export const vendorFeedBody = z.object({
  feed_name: requiredLine(120),
  supplier: requiredLine(120),
  format: z.enum(feedFormats),
  category_id: z.uuid(),
  refresh_interval_days: z.number().int().min(1).max(365).default(7),
  change_log_url: blankAsNull(
    lineString()
      .trim()
      .pipe(z.url({ protocol: /^https?$/ })),
  ).default(null),
});
export type VendorFeedBody = z.infer<typeof vendorFeedBody>;

export const feedImportBody = z.object({
  outcome: z.enum(["succeeded", "failed"]).default("succeeded"),
  pending_changes: z.number().int().min(0).max(1_000_000).default(0),
  price_variance_alerts: z.number().int().min(0).max(1_000_000).default(0),
  requires_finance_review: z.boolean().default(false),
});
export type FeedImportBody = z.infer<typeof feedImportBody>;

const punchoutFields = {
  supplier: requiredLine(120),
  protocol: z.enum(punchoutProtocols),
  category_id: z.uuid(),
  coverage_scope: requiredLine(200),
  status: z.enum(punchoutStatuses),
  sso_status: z.enum(ssoStatuses),
  notes: text(1000),
};
export const punchoutConnectionBody = z.object({
  ...punchoutFields,
  status: punchoutFields.status.default("testing"),
  sso_status: punchoutFields.sso_status.default("pending"),
  notes: punchoutFields.notes.default(null),
});
export type PunchoutConnectionBody = z.infer<typeof punchoutConnectionBody>;
export const punchoutConnectionPatchBody = z.object(punchoutFields).partial();

export const punchoutTransactionsBody = z
  .object({ carts: z.number().int().min(0).max(1_000_000), successful_carts: z.number().int().min(0).max(1_000_000) })
  .refine((b) => b.successful_carts <= b.carts, { error: "Successful carts cannot exceed carts." });

// ---- reads ----

/** GET /api/categories: the simple form plus the counts the dashboard reads (item_count). */
export const categorySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  parent_id: z.string().nullable(),
  item_count: z.number().int(),
  active_item_count: z.number().int(),
  archived: z.boolean(),
  version: recordVersion,
});
export type CategorySummary = z.infer<typeof categorySummary>;
export const categoryListQuery = z.object({ include_archived: z.enum(["true", "false"]).optional() });

/** SKUs are unique case-insensitively and regardless of surrounding spaces. */
export const skuKey = (sku: string) => sku.trim().toLowerCase();
