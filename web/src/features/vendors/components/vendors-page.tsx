import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { can, canSee, vendorRisks, vendorStatuses, type Vendor, type VendorRisk, type VendorStatus } from "@procure/contracts";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useVendorPages } from "../api/get-vendors";
import { useSettledValue } from "../lib/use-settled-value";
import { VendorCard } from "./vendor-card";
import { VendorDrawer } from "./vendor-drawer";
import { NewVendorDrawer } from "./new-vendor-drawer";
import { VendorFilters, type VendorFilterValues } from "./vendor-filters";
import "../vendors.css";

const pick = <T extends string>(values: readonly T[], value: string | null): T | "" => values.find((v) => v === value) ?? "";

/** Vendor cards, searched and filtered by the server; the filters live in the address so a view can be shared. */
export function VendorsPage() {
  const { role } = useSession();
  const canEdit = can(role, "vendors:write");
  const [params, setParams] = useSearchParams();
  const filters: VendorFilterValues = {
    search: params.get("q") ?? "",
    status: pick<VendorStatus>(vendorStatuses, params.get("status")),
    risk: pick<VendorRisk>(vendorRisks, params.get("risk")),
  };
  const [opened, setOpened] = useState<Vendor | null>(null);
  const [creating, setCreating] = useState(false);
  const q = useSettledValue(filters.search.trim());
  const pages = useVendorPages({ q: q || undefined, status: filters.status || undefined, risk: filters.risk || undefined });
  const vendors = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(q || filters.status || filters.risk);

  const setFilters = (next: VendorFilterValues) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of [
      ["q", next.search],
      ["status", next.status],
      ["risk", next.risk],
    ] as const) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
  };

  return (
    <div className="vendors-page">
      <section className="card" aria-labelledby="vendors-heading">
        <div className="card-header vendor-header">
          <h2 className="visually-hidden" id="vendors-heading">
            Vendor directory
          </h2>
          <VendorFilters value={filters} onChange={setFilters} />
          {canEdit ? (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              New vendor
            </button>
          ) : null}
        </div>
        <div className="card-body">
          {pages.isError ? (
            <Notice tone="error" role="alert">
              {`Unable to load vendors: ${errorMessage(pages.error)}`}{" "}
              <button type="button" className="btn btn-sm" onClick={() => void pages.refetch()}>
                Try again
              </button>
            </Notice>
          ) : pages.isPending ? (
            <p className="subtle" role="status">
              Loading vendors…
            </p>
          ) : vendors.length === 0 ? (
            filtered ? (
              <EmptyState icon="🔍" title="No vendors match the current filters.">
                <button type="button" className="btn btn-sm" onClick={() => setFilters({ search: "", status: "", risk: "" })}>
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <EmptyState icon="🏷" title="No vendors have been added yet." />
            )
          ) : (
            <ul className="vendor-grid" aria-label="Vendors" aria-busy={pages.isPlaceholderData}>
              {vendors.map((v) => (
                <li key={v.id}>
                  <VendorCard vendor={v} canRequest={canSee(role, "requests")} onOpen={setOpened} />
                </li>
              ))}
            </ul>
          )}
        </div>
        {pages.hasNextPage ? (
          <div className="card-footer list-more">
            <span className="subtle">{`Showing ${vendors.length} vendors`}</span>
            <button type="button" className="btn btn-sm" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {pages.isFetchingNextPage ? "Loading…" : "Load more"}
            </button>
          </div>
        ) : null}
      </section>
      <VendorDrawer vendor={opened} canEdit={canEdit} onClose={() => setOpened(null)} />
      {canEdit ? <NewVendorDrawer open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}
