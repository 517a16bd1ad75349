import type { RefObject } from "react";
import {
  diligenceStatusLabels,
  diligenceStatuses,
  vendorRisks,
  vendorStatuses,
  type DiligenceStatus,
  type VendorRisk,
  type VendorSortField,
  type VendorStatus,
} from "@procure/contracts";

export type VendorSort = VendorSortField | `-${VendorSortField}`;
export type VendorFilterValues = { search: string; status: VendorStatus | ""; risk: VendorRisk | ""; diligence: DiligenceStatus | ""; sort: VendorSort };

type Props = { value: VendorFilterValues; onChange: (next: VendorFilterValues) => void; searchRef?: RefObject<HTMLInputElement | null> };

/** The cards have no columns to click, so the orders the server keeps an index for are offered by name. */
export const vendorSortOptions: { value: VendorSort; label: string }[] = [
  { value: "name", label: "Name, A to Z" },
  { value: "-name", label: "Name, Z to A" },
  { value: "-risk", label: "Highest risk first" },
  { value: "risk", label: "Lowest risk first" },
  { value: "status", label: "Active first" },
  { value: "-status", label: "Blocked first" },
  { value: "-updated_at", label: "Recently updated" },
];
const isSort = (v: string): v is VendorSort => vendorSortOptions.some((o) => o.value === v);

const isStatus = (v: string): v is VendorStatus => (vendorStatuses as readonly string[]).includes(v);
const isRisk = (v: string): v is VendorRisk => (vendorRisks as readonly string[]).includes(v);
const isDiligence = (v: string): v is DiligenceStatus => (diligenceStatuses as readonly string[]).includes(v);

export function VendorFilters({ value, onChange, searchRef }: Props) {
  return (
    <div className="vendor-toolbar" role="search" aria-label="Vendor filters">
      <label className="search-input">
        <span className="visually-hidden">Search vendors</span>
        <input
          ref={searchRef}
          className="input"
          type="search"
          placeholder="Search vendors"
          aria-keyshortcuts="/"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
        />
      </label>
      <label className="vendor-filter">
        <span className="vendor-filter-label">Status</span>
        <select className="input" value={value.status} onChange={(e) => onChange({ ...value, status: isStatus(e.target.value) ? e.target.value : "" })}>
          <option value="">All</option>
          {vendorStatuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="vendor-filter">
        <span className="vendor-filter-label">Risk</span>
        <select className="input" value={value.risk} onChange={(e) => onChange({ ...value, risk: isRisk(e.target.value) ? e.target.value : "" })}>
          <option value="">All</option>
          {vendorRisks.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label className="vendor-filter">
        <span className="vendor-filter-label">Diligence</span>
        <select
          className="input"
          value={value.diligence}
          onChange={(e) => onChange({ ...value, diligence: isDiligence(e.target.value) ? e.target.value : "" })}
        >
          <option value="">All</option>
          {diligenceStatuses.map((d) => (
            <option key={d} value={d}>
              {diligenceStatusLabels[d]}
            </option>
          ))}
        </select>
      </label>
      <label className="vendor-filter">
        <span className="vendor-filter-label">Sort</span>
        <select
          className="input vendor-sort"
          value={value.sort}
          onChange={(e) => onChange({ ...value, sort: isSort(e.target.value) ? e.target.value : "name" })}
        >
          {vendorSortOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
