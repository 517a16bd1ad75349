import { vendorRisks, vendorStatuses, type VendorRisk, type VendorStatus } from "@procure/contracts";

export type VendorFilterValues = { search: string; status: VendorStatus | ""; risk: VendorRisk | "" };

type Props = { value: VendorFilterValues; onChange: (next: VendorFilterValues) => void };

const isStatus = (v: string): v is VendorStatus => (vendorStatuses as readonly string[]).includes(v);
const isRisk = (v: string): v is VendorRisk => (vendorRisks as readonly string[]).includes(v);

export function VendorFilters({ value, onChange }: Props) {
  return (
    <div className="vendor-toolbar" role="search" aria-label="Vendor filters">
      <label className="search-input">
        <span className="visually-hidden">Search vendors</span>
        <input
          className="input"
          type="search"
          placeholder="Search vendors"
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
    </div>
  );
}
