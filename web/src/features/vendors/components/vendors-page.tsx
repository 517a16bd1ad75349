import { useRef, useState } from "react";
import { can, canSee, defaultVendorSort, diligenceStatuses, vendorRisks, vendorSortFields, vendorStatuses, type Vendor } from "@procure/contracts";
import { oneOf, useListUrlState } from "@/lib/list-url-state";
import { sortTokens } from "@/lib/list-sort";
import { ExportCsvButton } from "@/components/ui/export-csv-button";
import { ListShortcuts } from "@/components/ui/list-shortcuts";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useVendorPages, vendorListPath } from "../api/get-vendors";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { VendorCard } from "./vendor-card";
import { VendorDrawer } from "./vendor-drawer";
import { NewVendorDrawer } from "./new-vendor-drawer";
import { VendorFilters, type VendorFilterValues } from "./vendor-filters";
import "../vendors.css";
import { LoadMoreFooter } from "@/components/ui/load-more-footer";

/** Vendor cards, searched, filtered and sorted by the server; all of it lives in the address so a view can be shared. */
export function VendorsPage() {
  const { role } = useSession();
  const canEdit = can(role, "vendors:write");
  const url = useListUrlState();
  const filters: VendorFilterValues = {
    search: url.get("q"),
    status: oneOf(vendorStatuses, url.get("status")),
    risk: oneOf(vendorRisks, url.get("risk")),
    diligence: oneOf(diligenceStatuses, url.get("diligence")),
    sort: oneOf(sortTokens(vendorSortFields), url.get("sort"), defaultVendorSort),
  };
  const [opened, setOpened] = useState<Vendor | null>(null);
  const [creating, setCreating] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const q = useDebouncedValue(filters.search.trim());
  const applied = {
    q: q || undefined,
    status: filters.status || undefined,
    risk: filters.risk || undefined,
    diligence: filters.diligence || undefined,
    sort: filters.sort === defaultVendorSort ? undefined : filters.sort,
  };
  const pages = useVendorPages(applied);
  const vendors = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(q || filters.status || filters.risk || filters.diligence);

  const setFilters = (next: VendorFilterValues) =>
    url.set({
      q: next.search,
      status: next.status,
      risk: next.risk,
      diligence: next.diligence,
      sort: next.sort === defaultVendorSort ? null : next.sort,
    });

  return (
    <div className="vendors-page">
      <section className="card" aria-labelledby="vendors-heading">
        <div className="card-header vendor-header">
          <h2 className="visually-hidden" id="vendors-heading">
            Vendor directory
          </h2>
          <VendorFilters value={filters} onChange={setFilters} searchRef={searchRef} />
          <ExportCsvButton href={vendorListPath(applied, "/api/vendors/export.csv")} filename="vendors.csv" />
          {canEdit ? (
            <button type="button" className="btn btn-primary" aria-keyshortcuts="n" onClick={() => setCreating(true)}>
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
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => setFilters({ search: "", status: "", risk: "", diligence: "", sort: filters.sort })}
                >
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
          <LoadMoreFooter shown={`Showing ${vendors.length} vendors`} hasMore loading={pages.isFetchingNextPage} onMore={() => void pages.fetchNextPage()} />
        ) : null}
      </section>
      <ListShortcuts searchRef={searchRef} onNew={canEdit ? () => setCreating(true) : undefined} newLabel="New vendor" />
      <VendorDrawer vendor={opened} canEdit={canEdit} canFileDocuments={can(role, "vendor-documents:write")} onClose={() => setOpened(null)} />
      {canEdit ? <NewVendorDrawer open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}
