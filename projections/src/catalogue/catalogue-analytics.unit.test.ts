import { describe, expect, it } from "vitest";
import { assembleOverview, coverageScore, type OverviewRows } from "./catalogue-analytics.ts";

const at = (day: number) => `2026-01-${String(day).padStart(2, "0")}T00:00:00.000Z`;
const stamps = (day: number) => ({ version: 1, created_at: at(day), updated_at: at(day) });

const category = (id: string, name: string, coverage: OverviewRows["categories"][number]["coverage"], extra = {}) => ({
  id,
  name,
  parent_id: null,
  contract_number: null,
  preferred_suppliers: [],
  coverage,
  units_of_measure: ["each"],
  requires_finance_review: false,
  archived: false,
  ...stamps(1),
  ...extra,
});
const item = (id: string, category_id: string, status: "draft" | "review" | "published" | "retired", day = 2) => ({
  id,
  category_id,
  name: `Item ${id}`,
  sku: id,
  unit_of_measure: "box",
  contract_number: null,
  preferred_supplier: null,
  vendor_id: null,
  vendor_name: null,
  base_price: 10,
  currency: "USD",
  pricing_tiers: [],
  status,
  coverage_notes: null,
  last_reviewed_at: null,
  ...stamps(day),
});

const rows: OverviewRows = {
  categories: [
    category("c1", "Hardware", [
      { business_unit: "Sales", level: "full" },
      { business_unit: "Ops", level: "partial" },
    ]),
    category("c2", "Laptops", [{ business_unit: "Sales", level: "none" }], { parent_id: "c1", requires_finance_review: true }),
    category("c3", "Old", [{ business_unit: "Sales", level: "none" }], { archived: true }),
  ],
  items: [item("i1", "c1", "published", 5), item("i2", "c1", "review"), item("i3", "c1", "retired"), item("i4", "c3", "published")],
  feeds: [
    {
      id: "f1",
      feed_name: "F1",
      supplier: "S",
      format: "csv",
      category_id: "c1",
      refresh_interval_days: 7,
      change_log_url: null,
      status: "review-required",
      pending_changes: 4,
      price_variance_alerts: 2,
      requires_finance_review: false,
      last_imported_at: at(3),
      next_refresh_due: at(10),
      ...stamps(3),
    },
    {
      id: "f2",
      feed_name: "F2",
      supplier: "S",
      format: "api",
      category_id: "c2",
      refresh_interval_days: 2,
      change_log_url: null,
      status: "failed",
      pending_changes: 0,
      price_variance_alerts: 0,
      requires_finance_review: false,
      last_imported_at: null,
      next_refresh_due: at(3),
      ...stamps(3),
    },
  ],
  connections: [
    {
      id: "p1",
      supplier: "S",
      protocol: "cxml",
      category_id: "c1",
      coverage_scope: "All",
      status: "connected",
      sso_status: "enabled",
      notes: null,
      carts: "100",
      successful_carts: "95",
      last_transaction_at: at(4),
      ...stamps(4),
    },
    {
      id: "p2",
      supplier: "T",
      protocol: "oci",
      category_id: "c1",
      coverage_scope: "All",
      status: "connected",
      sso_status: "enabled",
      notes: null,
      carts: "10",
      successful_carts: "5",
      last_transaction_at: at(4),
      ...stamps(4),
    },
  ],
};

describe("catalogue overview analytics", () => {
  const overview = assembleOverview(rows);

  it("scores coverage: full 100, partial 50, none 0, averaged and rounded", () => {
    expect(coverageScore([{ level: "full" }, { level: "partial" }, { level: "partial" }])).toBe(67);
    expect(coverageScore([])).toBe(0);
  });

  it("derives each live category's figures from its items, feeds and connections", () => {
    expect(overview.categories.map((c) => c.name)).toEqual(["Hardware", "Laptops"]);
    const [hardware, laptops] = overview.categories;
    expect(hardware).toMatchObject({ itemCount: 2, activeItemCount: 1, pendingChanges: 5, coverageScore: 75, unitsOfMeasure: ["each", "box"] });
    expect(hardware?.punchoutStatus).toEqual({ healthy: 1, total: 2 });
    expect(hardware?.lastUpdatedAt).toBe(at(5));
    expect(laptops).toMatchObject({ parentName: "Hardware", requiresFinanceReview: true, itemCount: 0 });
  });

  it("leaves retired items and archived categories out, and computes analytics and summary", () => {
    expect(overview.items.map((i) => i.id)).toEqual(["i1", "i2"]);
    expect(overview.analytics).toEqual({
      businessUnitCoverage: [
        { businessUnit: "Ops", fullPercent: 0, full: 0, partial: 1, none: 0 },
        { businessUnit: "Sales", fullPercent: 50, full: 1, partial: 0, none: 1 },
      ],
      coverageScoreAverage: 38,
      unitsWithGaps: 2,
      reviewCadenceDays: 5,
      priceVarianceAlerts: 2,
      connectorsNeedingAttention: 2,
    });
    expect(overview.summary).toEqual({ activeCategories: 2, totalItems: 2, feedsRequiringReview: 1, punchoutConnections: 2, punchoutHealth: 50 });
    expect(overview.punchoutConnections[1]?.cartSuccessRate).toBe(0.5);
  });
});
