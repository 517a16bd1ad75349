import { useCallback, useDeferredValue, useState } from "react";
import { Outlet, useSearchParams } from "react-router-dom";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { Notice } from "@/components/ui/notice";
import { useRequestPages } from "../api/get-requests";
import { useRequestSummary } from "@/lib/request-summary";
import { type StatusFilter } from "../lib/request-stats";
import { RequestKpis } from "./request-kpis";
import { StatusChips } from "./status-chips";
import { RequestsTable } from "./requests-table";
import { NewRequestDrawer } from "./new-request-drawer";
import "../requests.css";

const noCounts = { all: 0, approved: 0, pending: 0, denied: 0, withdrawn: 0 };

/**
 * The list is filtered, searched and paged by the server, newest first; the chips and cards count every request
 * the viewer sees (or the search matches), never just the rows loaded so far.
 */
export function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const vendorId = params.get("vendor");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [search, setSearch] = useState("");
  // Typing stays responsive; the queries follow the settled text.
  const q = useDeferredValue(search.trim());
  const [drawerOpen, setDrawerOpen] = useState(() => Boolean(vendorId));
  const pages = useRequestPages({ status: status === "all" ? undefined : status, q: q || undefined });
  const summary = useRequestSummary(q);
  const overall = useRequestSummary("");
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const total = status === "all" ? summary.data?.counts.all : summary.data?.counts[status];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  // Scrolling near the last loaded row asks for the next page; the Load more button does the same from the keyboard.
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const setOpen = (open: boolean) => {
    setDrawerOpen(open);
    if (!open && vendorId) {
      const next = new URLSearchParams(params);
      next.delete("vendor");
      setParams(next, { replace: true });
    }
  };

  return (
    <div className="stack requests-page" style={{ gap: 18 }}>
      <RequestKpis summary={overall.data} loading={overall.isPending} />
      <section className="card" aria-label="Requests">
        <div className="card-header toolbar">
          <StatusChips value={status} counts={summary.data?.counts ?? noCounts} onChange={setStatus} />
          <div className="toolbar-end">
            <label className="search-input">
              <span className="visually-hidden">Search requests</span>
              <input className="input" type="search" placeholder="Search requests" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <button type="button" className="btn btn-primary toolbar-new" onClick={() => setOpen(true)}>
              New request
            </button>
          </div>
        </div>
        {pages.isError ? (
          <div className="card-body">
            <Notice tone="error" role="alert">
              {`Unable to load requests: ${errorMessage(pages.error)}`}{" "}
              <button type="button" className="btn btn-sm" onClick={() => void pages.refetch()}>
                Try again
              </button>
            </Notice>
          </div>
        ) : (
          <>
            <RequestsTable requests={rows} loading={pages.isPending} emptyMessage="No matching requests found." onNearEnd={loadMore} />
            {rows.length > 0 ? (
              <div className="card-footer list-more">
                <span className="subtle">{`Showing ${formatCount(rows.length)} of ${formatCount(total ?? rows.length)}`}</span>
                {hasNextPage ? (
                  <button type="button" className="btn btn-sm" disabled={isFetchingNextPage} onClick={loadMore}>
                    {isFetchingNextPage ? "Loading…" : "Load more"}
                  </button>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </section>
      <button type="button" className="fab" aria-label="New request" title="New request" onClick={() => setOpen(true)}>
        +
      </button>
      <NewRequestDrawer open={drawerOpen} onOpenChange={setOpen} prefill={vendorId ? { vendorId } : {}} onCreated={() => setOpen(false)} />
      <Outlet />
    </div>
  );
}
