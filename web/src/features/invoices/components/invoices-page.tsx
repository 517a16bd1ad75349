import { useRef, useState } from "react";
import type { Invoice } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { useListUrlState, useUrlSearchText } from "@/lib/list-url-state";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { ExportCsvButton } from "@/components/ui/export-csv-button";
import { useReturnFocus } from "@/lib/use-return-focus";
import { Notice } from "@/components/ui/notice";
import { LoadMoreFooter } from "@/components/ui/load-more-footer";
import { Spinner } from "@/components/ui/spinner";
import { ListShortcuts } from "@/components/ui/list-shortcuts";
import { useInvoicePages } from "../api/get-invoices";
import {
  defaultInvoiceFilters,
  filtersFromUrl,
  invoiceExportPath,
  matchFilterLabels,
  matchFilters,
  statusFilterLabels,
  statusFilters,
  type InvoiceFilters,
  type StatusFilter,
} from "../lib/invoice-filters";
import { InvoiceDrawer } from "./invoice-drawer";
import { InvoicesTable } from "./invoices-table";
import { RecordInvoiceDrawer } from "./record-invoice-drawer";
import "../invoices.css";

/** Vendor invoices with their three-way match; `?record=<order id>` (the PO drawer's "Record invoice") opens the form on that order. */
export function InvoicesPage() {
  const url = useListUrlState();
  const [search, setSearch] = useUrlSearchText(url);
  const q = useDebouncedValue(search);
  const filters: InvoiceFilters = { ...filtersFromUrl((key) => url.get(key) || null), q: q.trim() };
  const setFilters = (next: InvoiceFilters) =>
    url.set({ match: next.match === "all" ? null : next.match, status: next.status === "all" ? null : next.status, q: next.q || null });
  const invoices = useInvoicePages(filters);
  const recordFor = url.get("record") || null;
  const [recording, setRecording] = useState(recordFor !== null);
  const [opened, setOpened] = useState<{ open: boolean; invoice: Invoice | null }>({ open: false, invoice: null });
  const [refreshing, setRefreshing] = useState(false);
  const recordButton = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const focus = useReturnFocus(recordButton);
  const filtered = filters.match !== "all" || filters.status !== "all" || filters.q !== "";
  const rows = invoices.data?.pages.flatMap((page) => page.items) ?? [];

  const openInvoice = (invoice: Invoice) => {
    focus.remember();
    setOpened({ open: true, invoice });
  };
  const onRecordingChange = (open: boolean) => {
    setRecording(open);
    if (!open && recordFor) url.set({ record: null });
    if (!open) focus.restore();
  };
  const startRecording = () => {
    focus.remember();
    setRecording(true);
  };
  const refresh = async () => {
    setRefreshing(true);
    await invoices.refetch();
    setRefreshing(false);
  };

  return (
    <div className="stack invoices-page" style={{ gap: 18 }}>
      <section className="card" aria-label="Invoices">
        <div className="card-header invoice-toolbar">
          <label className="search-input invoice-search">
            <span className="visually-hidden">Search invoices</span>
            <input
              ref={searchRef}
              className="input"
              type="search"
              placeholder="Search invoice #, vendor or PO #"
              aria-keyshortcuts="/"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <div className="chips" role="group" aria-label="Filter by match">
            {matchFilters.map((match) => (
              <button key={match} type="button" className="chip" aria-pressed={filters.match === match} onClick={() => setFilters({ ...filters, match })}>
                {matchFilterLabels[match]}
              </button>
            ))}
          </div>
          <div className="invoice-toolbar-actions">
            <label className="visually-hidden" htmlFor="invoice-status-filter">
              Status
            </label>
            <select
              id="invoice-status-filter"
              className="select"
              value={filters.status}
              onChange={(e) => setFilters({ ...filters, status: e.target.value as StatusFilter })}
            >
              {statusFilters.map((status) => (
                <option key={status} value={status}>
                  {statusFilterLabels[status]}
                </option>
              ))}
            </select>
            <button type="button" className="btn" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing}>
              {refreshing ? <Spinner /> : null}
              {refreshing ? "Refreshing…" : "Refresh"}
            </button>
            <ExportCsvButton href={invoiceExportPath(filters)} filename="invoices.csv" />
            <button ref={recordButton} type="button" className="btn btn-primary" aria-keyshortcuts="n" onClick={startRecording}>
              Record invoice
            </button>
          </div>
        </div>
        {invoices.isError ? (
          <div className="card-body">
            <Notice tone="error" role="alert">
              {`Failed to load invoices: ${errorMessage(invoices.error, "Unable to fetch invoices.")}`}{" "}
              <button type="button" className="btn btn-sm" onClick={() => void invoices.refetch()}>
                Try again
              </button>
            </Notice>
          </div>
        ) : null}
        {invoices.isError && !invoices.data ? null : (
          <InvoicesTable
            invoices={rows}
            loading={invoices.isPending}
            filtered={filtered}
            onOpen={openInvoice}
            onReset={() => {
              setSearch("");
              setFilters(defaultInvoiceFilters);
            }}
          />
        )}
        {invoices.hasNextPage ? (
          <LoadMoreFooter
            shown={`Showing the newest ${rows.length} invoices`}
            hasMore
            loading={invoices.isFetchingNextPage}
            onMore={() => void invoices.fetchNextPage()}
          />
        ) : null}
      </section>
      <RecordInvoiceDrawer open={recording} onOpenChange={onRecordingChange} orderId={recordFor} />
      <InvoiceDrawer
        invoice={opened.invoice}
        open={opened.open}
        onOpenChange={(open) => {
          setOpened((o) => ({ ...o, open }));
          if (!open) focus.restore();
        }}
      />
      <ListShortcuts searchRef={searchRef} onNew={startRecording} newLabel="Record invoice" />
    </div>
  );
}
