import { useRef, useState } from "react";
import { Outlet, useSearchParams } from "react-router-dom";
import type { PurchaseOrder } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { useReturnFocus } from "@/lib/use-return-focus";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useOrders } from "../api/get-orders";
import { useOrderFigures } from "../api/get-order-figures";
import {
  ORDER_PAGE_SIZE,
  defaultFilters,
  filtersFromUrl,
  filtersToUrl,
  isFiltered,
  orderExportPath,
  orderSortOptions,
  type OrderFilters,
} from "../lib/order-filters";
import { useListUrlState, useUrlSearchText } from "@/lib/list-url-state";
import { ExportCsvButton } from "@/components/ui/export-csv-button";
import { ListShortcuts } from "@/components/ui/list-shortcuts";
import { SortSelect } from "@/components/ui/sort-select";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { OrderDrawer } from "./order-drawer";
import { OrdersTable } from "./orders-table";
import { PoGroupsChart } from "./po-groups-chart";
import { PoKpis } from "./po-kpis";
import { StatusChips } from "./status-chips";
import "../purchase-orders.css";

type DrawerState = { open: boolean; order: PurchaseOrder | null };

export function PurchaseOrdersPage() {
  const url = useListUrlState();
  const filters = filtersFromUrl(url.get);
  const setFilters = (next: OrderFilters) => url.set(filtersToUrl(next));
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useUrlSearchText(url);
  const q = useDebouncedValue(search);
  const applied = { ...filters, q: q.trim() };
  const orders = useOrders(applied);
  const figures = useOrderFigures();
  // "Create PO" on an approved request lands here with `?request=<id>`: a new order for it, filled in.
  const [params, setParams] = useSearchParams();
  const fromRequest = params.get("request");
  const [drawer, setDrawer] = useState<DrawerState>({ open: fromRequest !== null, order: null });
  const [refreshing, setRefreshing] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus(newButton);

  const set = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) => setFilters({ ...filters, [key]: value });
  const filtered = isFiltered(filters);
  const rows = orders.data ?? [];

  const openDrawer = (order: PurchaseOrder | null) => {
    focus.remember();
    setDrawer({ open: true, order });
  };
  const onOpenChange = (open: boolean) => {
    setDrawer((d) => ({ ...d, open }));
    if (!open && fromRequest) setParams((p) => (p.delete("request"), p), { replace: true });
    if (!open) focus.restore();
  };
  const onDeleted = () => {
    setDrawer((d) => ({ ...d, open: false }));
    focus.restore(true);
  };
  const refresh = async () => {
    setRefreshing(true);
    await Promise.allSettled([orders.refetch(), figures.refetch()]);
    setRefreshing(false);
  };

  return (
    <div className="stack po-page" style={{ gap: 18 }}>
      <PoKpis figures={figures.data} loading={figures.isPending} failed={figures.isError} onRetry={() => void figures.refetch()} />
      <section className="card" aria-label="Purchase orders">
        <div className="card-header po-toolbar">
          <label className="search-input po-search">
            <span className="visually-hidden">Search purchase orders</span>
            <input
              ref={searchRef}
              className="input"
              type="search"
              placeholder="Search PO #, vendor or notes"
              aria-keyshortcuts="/"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <StatusChips value={filters.status} onChange={(status) => set("status", status)} />
          <div className="po-toolbar-actions">
            <label className="po-check">
              <input type="checkbox" checked={filters.overdue} onChange={(e) => set("overdue", e.target.checked)} />
              <span>Overdue only</span>
            </label>
            <button type="button" className="btn btn-ghost" onClick={() => setFilters(defaultFilters)} disabled={!filtered}>
              Reset filters
            </button>
            <button type="button" className="btn" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing}>
              {refreshing ? <Spinner /> : null}
              {refreshing ? "Refreshing…" : "Refresh"}
            </button>
            <span className="list-sort-phone">
              <SortSelect value={filters.sort} options={orderSortOptions} onChange={(sort) => set("sort", sort)} />
            </span>
            <ExportCsvButton href={orderExportPath(applied)} filename="purchase-orders.csv" />
            <button ref={newButton} type="button" className="btn btn-primary" aria-keyshortcuts="n" onClick={() => openDrawer(null)}>
              New PO
            </button>
          </div>
        </div>
        {orders.isError ? (
          <div className="card-body">
            <Notice tone="error" role="alert">
              {`Failed to load purchase orders: ${errorMessage(orders.error, "Unable to fetch purchase orders.")}`}{" "}
              <button type="button" className="btn btn-sm" onClick={() => void orders.refetch()}>
                Try again
              </button>
            </Notice>
          </div>
        ) : null}
        {orders.isError && !orders.data ? null : (
          <OrdersTable
            orders={rows}
            loading={orders.isPending}
            filtered={filtered}
            onEdit={(order) => openDrawer(order)}
            onReset={() => setFilters(defaultFilters)}
            sort={filters.sort}
            onSort={(sort) => set("sort", sort)}
          />
        )}
        {rows.length >= ORDER_PAGE_SIZE ? (
          <p className="po-page-note subtle">{`Showing the first ${ORDER_PAGE_SIZE} orders in this order. Search, filter or export to see the rest.`}</p>
        ) : null}
      </section>
      {figures.data ? <PoGroupsChart figures={figures.data} /> : null}
      <ListShortcuts searchRef={searchRef} onNew={() => openDrawer(null)} newLabel="New purchase order" />
      <OrderDrawer order={drawer.order} fromRequest={drawer.order ? null : fromRequest} open={drawer.open} onOpenChange={onOpenChange} onDeleted={onDeleted} />
      {/* A request opened from the dashboard by a role that sees orders but not the requests screen. */}
      <Outlet />
    </div>
  );
}
