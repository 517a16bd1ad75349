import { useId, useMemo, useState, type ReactNode } from "react";
import type { OverviewCategory } from "@procure/contracts";
import { EmptyState } from "@/components/ui/empty-state";
import { formatRecency } from "@/lib/format";
import { buildHierarchy, countMatches, noFilters, supplierOptions, type CoverageFilter, type HierarchyFilters, type HierarchyNode } from "../lib/hierarchy";
import { CoverageLevelList } from "./coverage-level-list";

const coverageChoices: { value: CoverageFilter; label: string }[] = [
  { value: "all", label: "All coverage levels" },
  { value: "full", label: "Full coverage in a unit" },
  { value: "partial", label: "Partial coverage in a unit" },
  { value: "none", label: "A unit without coverage" },
];

type Props = { categories: readonly OverviewCategory[]; actions?: ReactNode };

export function CategoryHierarchy({ categories, actions }: Props) {
  const titleId = useId();
  const [filters, setFilters] = useState<HierarchyFilters>(noFilters);
  const suppliers = useMemo(() => supplierOptions(categories), [categories]);
  const tree = useMemo(() => buildHierarchy(categories, filters), [categories, filters]);
  const shown = countMatches(tree);
  const filtered = filters.search.trim() !== "" || filters.supplier !== "" || filters.coverage !== "all";
  const set = <K extends keyof HierarchyFilters>(key: K, value: HierarchyFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <div>
          <h2 className="card-title" id={titleId}>
            Category hierarchy and coverage
          </h2>
          <p className="cat-note" aria-live="polite">
            {`${shown} of ${categories.length} categories`}
          </p>
        </div>
        {actions}
      </div>
      <div className="cat-filters" role="search" aria-label="Filter categories">
        <label className="search-input">
          <span className="visually-hidden">Search categories</span>
          <input className="input" type="search" placeholder="Search categories" value={filters.search} onChange={(e) => set("search", e.target.value)} />
        </label>
        <label className="cat-filter">
          <span className="field-label">Supplier</span>
          <select className="select" value={filters.supplier} onChange={(e) => set("supplier", e.target.value)}>
            <option value="">All suppliers</option>
            {suppliers.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="cat-filter">
          <span className="field-label">Coverage level</span>
          <select className="select" value={filters.coverage} onChange={(e) => set("coverage", e.target.value as CoverageFilter)}>
            {coverageChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        {filtered ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFilters(noFilters)}>
            Reset filters
          </button>
        ) : null}
      </div>
      {tree.length === 0 ? (
        <EmptyState title={categories.length === 0 ? "No categories yet." : "No categories match these filters."} />
      ) : (
        <ul className="cat-tree" data-testid="category-tree">
          {tree.map((node) => (
            <CategoryBranch key={node.category.id} node={node} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CategoryBranch({ node }: { node: HierarchyNode }) {
  const c = node.category;
  const healthy = c.punchoutStatus;
  return (
    <li className="cat-branch">
      <div className={node.matched ? "cat-node" : "cat-node cat-node-context"} data-testid="category-node">
        <div className="cat-node-head">
          <h3 className="cat-node-name">{c.name}</h3>
          <span className="badge badge-plain" title="Coverage score across business units">
            {`Score ${c.coverageScore}`}
          </span>
          {c.requiresFinanceReview ? <span className="badge badge-warning">Finance review</span> : null}
          {c.pendingChanges > 0 ? <span className="badge badge-info">{`${c.pendingChanges} pending`}</span> : null}
        </div>
        {node.matched ? (
          <>
            <p className="cat-node-meta">
              {[
                c.contractNumber ? `Contract ${c.contractNumber}` : "No contract",
                `${c.activeItemCount} of ${c.itemCount} items published`,
                healthy.total > 0 ? `PunchOut ${healthy.healthy}/${healthy.total} healthy` : null,
                c.unitsOfMeasure.length ? `Sold per ${c.unitsOfMeasure.join(", ")}` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {c.preferredSuppliers.length ? <p className="cat-node-meta">{`Preferred: ${c.preferredSuppliers.join(", ")}`}</p> : null}
            <CoverageLevelList coverage={c.coverage} />
            {c.lastUpdatedAt ? <p className="cat-note">{`Updated ${formatRecency(c.lastUpdatedAt)}`}</p> : null}
          </>
        ) : (
          <p className="cat-note">Shown for its matching sub-categories</p>
        )}
      </div>
      {node.children.length ? (
        <ul className="cat-tree cat-subtree" aria-label={`Sub-categories of ${c.name}`}>
          {node.children.map((child) => (
            <CategoryBranch key={child.category.id} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
