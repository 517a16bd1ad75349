import { z } from "zod";
import { catalogueItemStatus, coverageLevel, feedFormats, punchoutStatuses, ssoStatuses } from "./catalogue-events.ts";
import { recordVersion } from "./record-version.ts";

/** GET /api/catalogue/overview: every field of the catalogue overview in spec section 3. */
const ts = z.string().nullable();

export const overviewCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  parentName: z.string().nullable(),
  contractNumber: z.string().nullable(),
  preferredSuppliers: z.array(z.string()),
  coverage: z.array(z.object({ businessUnit: z.string(), level: coverageLevel })),
  coverageScore: z.number(),
  itemCount: z.number().int(),
  activeItemCount: z.number().int(),
  unitsOfMeasure: z.array(z.string()),
  pendingChanges: z.number().int(),
  requiresFinanceReview: z.boolean(),
  punchoutStatus: z.object({ healthy: z.number().int(), total: z.number().int() }),
  lastUpdatedAt: ts,
});

export const overviewItem = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  categoryId: z.string(),
  categoryName: z.string().nullable(),
  unitOfMeasure: z.string(),
  contractNumber: z.string().nullable(),
  /** The linked vendor's current name, else the legacy free-text supplier. */
  preferredSupplier: z.string().nullable(),
  vendorId: z.string().nullable(),
  basePrice: z.number(),
  currency: z.string(),
  pricingTiers: z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() })),
  status: catalogueItemStatus,
  lastReviewedAt: ts,
  coverageNotes: z.string().nullable(),
  version: recordVersion,
});

export const overviewFeed = z.object({
  id: z.uuid(),
  feedName: z.string(),
  supplier: z.string(),
  format: z.enum(feedFormats),
  categoryName: z.string().nullable(),
  status: z.enum(["awaiting-import", "up-to-date", "review-required", "failed"]),
  pendingChanges: z.number().int(),
  lastImportedAt: ts,
  nextRefreshDue: ts,
  requiresFinanceReview: z.boolean(),
  changeLogUrl: z.string().nullable(),
});

export const overviewPunchout = z.object({
  id: z.uuid(),
  supplier: z.string(),
  categoryName: z.string().nullable(),
  coverageScope: z.string(),
  status: z.enum(punchoutStatuses),
  ssoStatus: z.enum(ssoStatuses),
  /** A fraction from 0 to 1, or null before the first cart. */
  cartSuccessRate: z.number().nullable(),
  lastTransactionAt: ts,
  notes: z.string().nullable(),
});

export const catalogueOverview = z.object({
  categories: z.array(overviewCategory),
  items: z.array(overviewItem),
  vendorFeeds: z.array(overviewFeed),
  punchoutConnections: z.array(overviewPunchout),
  analytics: z.object({
    businessUnitCoverage: z.array(
      z.object({ businessUnit: z.string(), fullPercent: z.number(), full: z.number().int(), partial: z.number().int(), none: z.number().int() }),
    ),
    coverageScoreAverage: z.number(),
    unitsWithGaps: z.number().int(),
    reviewCadenceDays: z.number(),
    priceVarianceAlerts: z.number().int(),
    connectorsNeedingAttention: z.number().int(),
  }),
  summary: z.object({
    activeCategories: z.number().int(),
    totalItems: z.number().int(),
    feedsRequiringReview: z.number().int(),
    punchoutConnections: z.number().int(),
    /** Percent of PunchOut connections that are healthy, 0 to 100. */
    punchoutHealth: z.number(),
  }),
});
export type CatalogueOverview = z.infer<typeof catalogueOverview>;
export type OverviewCategory = z.infer<typeof overviewCategory>;
export type OverviewItem = z.infer<typeof overviewItem>;
export type OverviewFeed = z.infer<typeof overviewFeed>;
export type OverviewPunchout = z.infer<typeof overviewPunchout>;
