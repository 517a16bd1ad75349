import { useDeferredValue, useState } from "react";
import { can, canSee, vendorRisks, vendorStatuses, type Vendor } from "@procure/contracts";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useVendorPages } from "../api/get-vendors";
import { VendorCard } from "./vendor-card";
import { VendorDrawer } from "./vendor-drawer";
import "../vendors.css";

/** Vendor cards, searched and filtered by the server; Open shows the drawer, Create request starts one for the vendor. */
export function VendorsPage() {
  const { role } = useSession();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [risk, setRisk] = useState("");
  const [open, setOpen] = useState<Vendor | null>(null);
  const q = useDeferredValue(search.trim());
  const pages = useVendorPages({ q: q || undefined, status: status || undefined, risk: risk || undefined });
  const vendors = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(q || status || risk);

  return (
    <div className="stack" style={{ gap: 18 }}>
      <section className="card" aria-label="Vendors">
        <div className="card-header toolbar">
          <label className="search-input">
            <span className="visually-hidden">Search vendors</span>
            <input className="input" type="search" placeholder="Search vendors" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <div className="vendor-filters">
            <label className="vendor-filter">
              <span className="visually-hidden">Status</span>
              <select className="input" value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">All statuses</option>
                {vendorStatuses.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label className="vendor-filter">
              <span className="visually-hidden">Risk</span>
              <select className="input" value={risk} onChange={(e) => setRisk(e.target.value)}>
                <option value="">All risk levels</option>
                {vendorRisks.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
          </div>
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
            <EmptyState icon="🏷" title={filtered ? "No vendors match these filters." : "No vendors yet."} />
          ) : (
            <div className="vendor-grid">
              {vendors.map((v) => (
                <VendorCard key={v.id} vendor={v} canRequest={canSee(role, "requests")} onOpen={setOpen} />
              ))}
            </div>
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
      <VendorDrawer vendor={open} canEdit={can(role, "vendors:write")} onOpenChange={(next) => (next ? undefined : setOpen(null))} />
    </div>
  );
}
