import type { CatalogueOverview, CoverageLevel, OverviewCategory, OverviewFeed, OverviewItem, OverviewPunchout } from "@procure/contracts";
import type { Selectable } from "kysely";
import type { CatalogueItemsRow, CategoriesRow, PunchoutConnectionsRow, VendorFeedsRow } from "./tables.ts";

export type OverviewRows = {
  categories: Selectable<CategoriesRow>[];
  items: ItemWithVendor[];
  feeds: Selectable<VendorFeedsRow>[];
  connections: Selectable<PunchoutConnectionsRow>[];
};

const levelScore: Record<CoverageLevel, number> = { full: 100, partial: 50, none: 0 };
/** A connector below this share of successful carts needs attention even when it reports itself connected. */
export const healthyCartRate = 0.9;

const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const latest = (dates: (string | null)[]) => dates.reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);

export function cartSuccessRate(c: Pick<Selectable<PunchoutConnectionsRow>, "carts" | "successful_carts">): number | null {
  const carts = Number(c.carts);
  return carts > 0 ? Math.round((Number(c.successful_carts) / carts) * 1000) / 1000 : null;
}

export function punchoutHealthy(c: Selectable<PunchoutConnectionsRow>): boolean {
  const rate = cartSuccessRate(c);
  return c.status === "connected" && c.sso_status === "enabled" && (rate === null || rate >= healthyCartRate);
}

export const feedNeedsReview = (f: Pick<VendorFeedsRow, "pending_changes" | "requires_finance_review">) => f.pending_changes > 0 || f.requires_finance_review;

export function coverageScore(coverage: readonly { level: CoverageLevel }[]): number {
  return Math.round(average(coverage.map((c) => levelScore[c.level])));
}

export type ItemWithVendor = Selectable<CatalogueItemsRow> & { vendor_name: string | null };

export function toOverviewItem(i: ItemWithVendor, categoryName: string | null): OverviewItem {
  return {
    id: i.id,
    name: i.name,
    sku: i.sku,
    categoryId: i.category_id,
    categoryName,
    unitOfMeasure: i.unit_of_measure,
    contractNumber: i.contract_number,
    preferredSupplier: i.vendor_id ? i.vendor_name : i.preferred_supplier,
    vendorId: i.vendor_id,
    basePrice: Number(i.base_price),
    currency: i.currency,
    pricingTiers: i.pricing_tiers.map((t) => ({ minQuantity: t.min_quantity, unitPrice: t.unit_price })),
    status: i.status,
    lastReviewedAt: i.last_reviewed_at,
    coverageNotes: i.coverage_notes,
    version: i.version,
  };
}

export function toOverviewFeed(f: Selectable<VendorFeedsRow>, categoryName: string | null): OverviewFeed {
  return {
    id: f.id,
    feedName: f.feed_name,
    supplier: f.supplier,
    format: f.format,
    categoryName,
    status: f.status,
    pendingChanges: f.pending_changes,
    lastImportedAt: f.last_imported_at,
    nextRefreshDue: f.next_refresh_due,
    requiresFinanceReview: f.requires_finance_review,
    changeLogUrl: f.change_log_url,
  };
}

export function toOverviewPunchout(c: Selectable<PunchoutConnectionsRow>, categoryName: string | null): OverviewPunchout {
  return {
    id: c.id,
    supplier: c.supplier,
    categoryName,
    coverageScope: c.coverage_scope,
    status: c.status,
    ssoStatus: c.sso_status,
    cartSuccessRate: cartSuccessRate(c),
    lastTransactionAt: c.last_transaction_at,
    notes: c.notes,
  };
}

/** The catalogue control centre, derived from the category, item, feed and connection rows of live categories. */
export function assembleOverview(rows: OverviewRows): CatalogueOverview {
  const names = new Map(rows.categories.map((c) => [c.id, c.name]));
  const active = rows.categories.filter((c) => !c.archived).sort((a, b) => a.name.localeCompare(b.name));
  const activeIds = new Set(active.map((c) => c.id));
  const items = rows.items.filter((i) => i.status !== "retired" && activeIds.has(i.category_id));
  const inCategory = <T extends { category_id: string }>(list: T[], id: string) => list.filter((x) => x.category_id === id);

  const categories: OverviewCategory[] = active.map((c) => {
    const own = inCategory(items, c.id);
    const feeds = inCategory(rows.feeds, c.id);
    const connections = inCategory(rows.connections, c.id);
    return {
      id: c.id,
      name: c.name,
      parentName: c.parent_id ? (names.get(c.parent_id) ?? null) : null,
      contractNumber: c.contract_number,
      preferredSuppliers: c.preferred_suppliers,
      coverage: c.coverage.map((x) => ({ businessUnit: x.business_unit, level: x.level })),
      coverageScore: coverageScore(c.coverage),
      itemCount: own.length,
      activeItemCount: own.filter((i) => i.status === "published").length,
      unitsOfMeasure: [...new Set([...c.units_of_measure, ...own.map((i) => i.unit_of_measure)])],
      pendingChanges: feeds.reduce((n, f) => n + f.pending_changes, 0) + own.filter((i) => i.status !== "published").length,
      requiresFinanceReview: c.requires_finance_review || feeds.some((f) => f.requires_finance_review),
      punchoutStatus: { healthy: connections.filter(punchoutHealthy).length, total: connections.length },
      lastUpdatedAt: latest([c.updated_at, ...own.map((i) => i.updated_at), ...feeds.map((f) => f.updated_at), ...connections.map((x) => x.updated_at)]),
    };
  });

  const units = new Map<string, Record<CoverageLevel, number>>();
  for (const c of active) {
    for (const { business_unit, level } of c.coverage) {
      const counts = units.get(business_unit) ?? { full: 0, partial: 0, none: 0 };
      counts[level] += 1;
      units.set(business_unit, counts);
    }
  }
  const businessUnitCoverage = [...units.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([businessUnit, n]) => ({ businessUnit, fullPercent: percent(n.full, n.full + n.partial + n.none), ...n }));

  const healthy = rows.connections.filter(punchoutHealthy).length;
  const attention =
    rows.connections.filter((c) => c.status !== "disabled" && !punchoutHealthy(c)).length + rows.feeds.filter((f) => f.status === "failed").length;

  return {
    categories,
    items: items.sort((a, b) => a.name.localeCompare(b.name)).map((i) => toOverviewItem(i, names.get(i.category_id) ?? null)),
    vendorFeeds: rows.feeds.map((f) => toOverviewFeed(f, names.get(f.category_id) ?? null)),
    punchoutConnections: rows.connections.map((c) => toOverviewPunchout(c, names.get(c.category_id) ?? null)),
    analytics: {
      businessUnitCoverage,
      coverageScoreAverage: Math.round(average(categories.filter((c) => c.coverage.length > 0).map((c) => c.coverageScore))),
      unitsWithGaps: businessUnitCoverage.filter((u) => u.partial + u.none > 0).length,
      reviewCadenceDays: Math.round(average(rows.feeds.map((f) => f.refresh_interval_days))),
      priceVarianceAlerts: rows.feeds.reduce((n, f) => n + f.price_variance_alerts, 0),
      connectorsNeedingAttention: attention,
    },
    summary: {
      activeCategories: active.length,
      totalItems: items.length,
      feedsRequiringReview: rows.feeds.filter(feedNeedsReview).length,
      punchoutConnections: rows.connections.length,
      punchoutHealth: percent(healthy, rows.connections.length),
    },
  };
}
