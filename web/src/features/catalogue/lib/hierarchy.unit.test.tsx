import { describe, expect, it } from "vitest";
import type { OverviewCategory } from "@procure/contracts";
import { buildHierarchy, countMatches, noFilters, supplierOptions } from "./hierarchy";

const category = (name: string, extra: Partial<OverviewCategory> = {}): OverviewCategory => ({
  id: crypto.randomUUID(),
  name,
  parentName: null,
  contractNumber: null,
  preferredSuppliers: [],
  coverage: [],
  coverageScore: 0,
  itemCount: 0,
  activeItemCount: 0,
  unitsOfMeasure: [],
  pendingChanges: 0,
  requiresFinanceReview: false,
  punchoutStatus: { healthy: 0, total: 0 },
  lastUpdatedAt: null,
  ...extra,
});

const hardware = category("IT hardware", { preferredSuppliers: ["Northwind"], coverage: [{ businessUnit: "Sales", level: "full" }] });
const peripherals = category("Peripherals", {
  parentName: "IT hardware",
  preferredSuppliers: ["Contoso"],
  coverage: [{ businessUnit: "Sales", level: "none" }],
});
const furniture = category("Furniture", { preferredSuppliers: ["Ergoform"], coverage: [{ businessUnit: "Ops", level: "partial" }] });
const all = [hardware, peripherals, furniture];

describe("category hierarchy", () => {
  it("nests sub-categories under their parent", () => {
    const tree = buildHierarchy(all, noFilters);
    expect(tree.map((n) => n.category.name)).toEqual(["IT hardware", "Furniture"]);
    expect(tree[0]!.children.map((n) => n.category.name)).toEqual(["Peripherals"]);
    expect(countMatches(tree)).toBe(3);
  });

  it("narrows by supplier, keeping a parent only as context for a matching child", () => {
    const tree = buildHierarchy(all, { ...noFilters, supplier: "Contoso" });
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ matched: false, category: { name: "IT hardware" } });
    expect(countMatches(tree)).toBe(1);
  });

  it("narrows by coverage level and by search", () => {
    expect(countMatches(buildHierarchy(all, { ...noFilters, coverage: "partial" }))).toBe(1);
    expect(countMatches(buildHierarchy(all, { ...noFilters, coverage: "none" }))).toBe(1);
    expect(countMatches(buildHierarchy(all, { ...noFilters, search: "ergo" }))).toBe(1);
    expect(buildHierarchy(all, { ...noFilters, search: "nothing like it" })).toEqual([]);
  });

  it("lists each supplier once, sorted", () => {
    expect(supplierOptions(all)).toEqual(["Contoso", "Ergoform", "Northwind"]);
  });
});
