import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { Outlet } from "react-router-dom";
import { defaultRequestSort, requestSortFields } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { oneOf, useListUrlState, useUrlSearchText } from "@/lib/list-url-state";
import { sortTokens } from "@/lib/list-sort";
import { Notice } from "@/components/ui/notice";
import { ExportCsvButton } from "@/components/ui/export-csv-button";
import { ListShortcuts } from "@/components/ui/list-shortcuts";
import { SortSelect } from "@/components/ui/sort-select";
import { useInView } from "@/lib/use-in-view";
import { requestListPath, useRequestPages } from "../api/get-requests";
import { useRequestSummary } from "@/lib/request-summary";
import { statusFilters } from "../lib/request-stats";
import { RequestKpis } from "./request-kpis";
import { StatusChips } from "./status-chips";
import { RequestsTable } from "./requests-table";
import { NewRequestDrawer } from "./new-request-drawer";
import { asksForForm, formParams, requestPrefill } from "../lib/request-prefill";
import "../requests.css";
import { LoadMoreFooter } from "@/components/ui/load-more-footer";

const sortOptions = [
  { value: "-updated_at", label: "Recently changed" },
  { value: "updated_at", label: "Longest unchanged" },
  { value: "-created_at", label: "Newest submitted" },
  { value: "created_at", label: "Oldest submitted" },
  { value: "-amount", label: "Largest amount" },
  { value: "amount", label: "Smallest amount" },
  { value: "title", label: "Title, A to Z" },
  { value: "-title", label: "Title, Z to A" },
  { value: "status", label: "Status, A to Z" },
  { value: "-status", label: "Status, Z to A" },
] as const;

const noCounts = { all: 0, approved: 0, pending: 0, denied: 0, withdrawn: 0 };

/**
 * The list is filtered, searched, sorted and paged by the server; the chips and cards count every request the
 * viewer sees (or the search matches), never just the rows loaded so far. Status, search and sort live in the
 * address, so a view can be shared and survives a reload.
 */
export function RequestsPage() {
  const url = useListUrlState();
  const status = oneOf(statusFilters, url.get("status"), "all");
  const sort = oneOf(sortTokens(requestSortFields), url.get("sort"), defaultRequestSort);
  const [search, setSearch] = useUrlSearchText(url);
  const searchRef = useRef<HTMLInputElement>(null);
  // Typing stays responsive; the queries follow the settled text.
  const q = useDeferredValue(search.trim());
  const prefill = requestPrefill(url.get);
  const formAsked = asksForForm(url.get, prefill);
  const [drawerOpen, setDrawerOpen] = useState(formAsked);
  // A "New request" link followed while the list is already open.
  useEffect(() => {
    if (formAsked) setDrawerOpen(true);
  }, [formAsked]);
  const filters = { status: status === "all" ? undefined : status, q: q || undefined, sort: sort === defaultRequestSort ? undefined : sort };
  const pages = useRequestPages(filters);
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
    if (!open && formAsked) url.set(Object.fromEntries(formParams.map((name) => [name, null])));
  };

  // On a phone the toolbar has its own New request button; the floating one comes back once the toolbar scrolls away.
  const [toolbarRef, toolbarInView] = useInView<HTMLDivElement>();

  return (
    <div className="stack requests-page" style={{ gap: 18 }}>
      <RequestKpis summary={overall.data} loading={overall.isPending} />
      <section className="card" aria-label="Requests">
        <div className="card-header toolbar" ref={toolbarRef}>
          <StatusChips value={status} counts={summary.data?.counts ?? noCounts} onChange={(next) => url.set({ status: next === "all" ? null : next })} />
          <div className="toolbar-end">
            <label className="search-input">
              <span className="visually-hidden">Search requests</span>
              <input
                ref={searchRef}
                className="input"
                type="search"
                placeholder="Search requests"
                aria-keyshortcuts="/"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </label>
            <span className="list-sort-phone">
              <SortSelect value={sort} options={sortOptions} onChange={(next) => url.set({ sort: next === defaultRequestSort ? null : next })} />
            </span>
            <ExportCsvButton href={requestListPath(filters, "/api/requests/export.csv")} filename="requests.csv" />
            <button type="button" className="btn btn-primary toolbar-new" aria-keyshortcuts="n" onClick={() => setOpen(true)}>
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
            <RequestsTable
              requests={rows}
              loading={pages.isPending}
              emptyMessage="No matching requests found."
              onNearEnd={loadMore}
              sort={sort}
              onSort={(next) => url.set({ sort: next === defaultRequestSort ? null : next })}
            />
            {rows.length > 0 ? (
              <LoadMoreFooter
                shown={`Showing ${formatCount(rows.length)} of ${formatCount(total ?? rows.length)}`}
                hasMore={hasNextPage}
                loading={isFetchingNextPage}
                onMore={loadMore}
              />
            ) : null}
          </>
        )}
      </section>
      <button
        type="button"
        className={toolbarInView ? "fab fab-beside-toolbar" : "fab"}
        aria-label="New request"
        title="New request"
        onClick={() => setOpen(true)}
      >
        +
      </button>
      <NewRequestDrawer open={drawerOpen} onOpenChange={setOpen} prefill={prefill} onCreated={() => setOpen(false)} />
      <ListShortcuts searchRef={searchRef} onNew={() => setOpen(true)} newLabel="New request" />
      <Outlet />
    </div>
  );
}
