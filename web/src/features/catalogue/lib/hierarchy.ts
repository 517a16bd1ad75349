import type { CoverageLevel, OverviewCategory } from "@procure/contracts";

export type CoverageFilter = "all" | CoverageLevel;
export type HierarchyFilters = { search: string; supplier: string; coverage: CoverageFilter };
export const noFilters: HierarchyFilters = { search: "", supplier: "", coverage: "all" };

/** A category with its sub-categories; `matched` is false when it is shown only to place a matching child. */
export type HierarchyNode = { category: OverviewCategory; matched: boolean; children: HierarchyNode[] };

export function supplierOptions(categories: readonly OverviewCategory[]): string[] {
  return [...new Set(categories.flatMap((c) => c.preferredSuppliers))].sort((a, b) => a.localeCompare(b));
}

export function matchesCategory(category: OverviewCategory, filters: HierarchyFilters): boolean {
  const query = filters.search.trim().toLowerCase();
  if (query) {
    const haystack = [category.name, category.parentName, category.contractNumber, ...category.preferredSuppliers].filter(Boolean).join(" ").toLowerCase();
    if (!haystack.includes(query)) return false;
  }
  if (filters.supplier && !category.preferredSuppliers.includes(filters.supplier)) return false;
  // A level matches when at least one business unit sits at it, so "none" finds every category with a gap.
  if (filters.coverage !== "all" && !category.coverage.some((c) => c.level === filters.coverage)) return false;
  return true;
}

/** Nests categories under their parent (the overview names the parent) and keeps the branches that match. */
export function buildHierarchy(categories: readonly OverviewCategory[], filters: HierarchyFilters): HierarchyNode[] {
  const names = new Set(categories.map((c) => c.name));
  const byParent = new Map<string | null, OverviewCategory[]>();
  for (const category of categories) {
    const parent = category.parentName && names.has(category.parentName) ? category.parentName : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
  }
  const visit = (category: OverviewCategory, seen: Set<string>): HierarchyNode | null => {
    if (seen.has(category.name)) return null;
    const path = new Set(seen).add(category.name);
    const children = (byParent.get(category.name) ?? []).map((child) => visit(child, path)).filter((node): node is HierarchyNode => node !== null);
    const matched = matchesCategory(category, filters);
    return matched || children.length > 0 ? { category, matched, children } : null;
  };
  return (byParent.get(null) ?? []).map((root) => visit(root, new Set())).filter((node): node is HierarchyNode => node !== null);
}

export function countMatches(nodes: readonly HierarchyNode[]): number {
  return nodes.reduce((n, node) => n + (node.matched ? 1 : 0) + countMatches(node.children), 0);
}
