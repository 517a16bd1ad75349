import { defaultOrderSort, orderSortFields, poFormStatuses, type OrderSortField, type PoFormStatus } from "@procure/contracts";
import { oneOf } from "@/lib/list-url-state";
import { sortTokens } from "@/lib/list-sort";

export const statusFilters = ["all", ...poFormStatuses] as const;
export type StatusFilter = (typeof statusFilters)[number];

export const statusLabels: Record<StatusFilter, string> = {
  all: "All",
  draft: "Draft",
  issued: "Issued",
  receiving: "Receiving",
  received: "Received",
  cancelled: "Cancelled",
};

export type OrderSort = OrderSortField | `-${OrderSortField}`;
export type OrderFilters = { q: string; status: StatusFilter; overdue: boolean; sort: OrderSort };

export const defaultFilters: OrderFilters = { q: "", status: "all", overdue: false, sort: defaultOrderSort };

/** The orders a phone offers in a menu, where the table's column headers are not shown. */
export const orderSortOptions: { value: OrderSort; label: string }[] = [
  { value: "-updated_at", label: "Recently updated" },
  { value: "updated_at", label: "Longest unchanged" },
  { value: "-created_at", label: "Newest" },
  { value: "created_at", label: "Oldest" },
  { value: "-total", label: "Largest total" },
  { value: "total", label: "Smallest total" },
  { value: "po_number", label: "PO number, ascending" },
  { value: "-po_number", label: "PO number, descending" },
  { value: "vendor_name", label: "Vendor, A to Z" },
  { value: "-vendor_name", label: "Vendor, Z to A" },
  { value: "status", label: "Status, A to Z" },
  { value: "-status", label: "Status, Z to A" },
];

/** The filters an address carries (`?status=issued&overdue=true&sort=-total&q=…`); anything unknown is the default. */
export function filtersFromUrl(get: (key: string) => string): OrderFilters {
  return {
    q: get("q"),
    status: oneOf(statusFilters, get("status"), "all"),
    overdue: get("overdue") === "true",
    sort: oneOf(sortTokens(orderSortFields), get("sort"), defaultOrderSort),
  };
}

/** The address parameters for these filters: the defaults are left out, so a plain list has a plain address. */
export function filtersToUrl(filters: OrderFilters): Record<string, string | null> {
  return {
    q: filters.q || null,
    status: filters.status === "all" ? null : filters.status,
    overdue: filters.overdue ? "true" : null,
    sort: filters.sort === defaultOrderSort ? null : filters.sort,
  };
}

/** The largest page the orders API serves; the screen says so when there may be more. */
export const ORDER_PAGE_SIZE = 200;

export function isFiltered(filters: OrderFilters): boolean {
  return filters.q.trim() !== "" || filters.status !== "all" || filters.overdue;
}

/** The CSV of every order these filters match, in their order. */
export function orderExportPath(filters: OrderFilters): string {
  return `/api/orders/export.csv?${orderListParams(filters, null)}`;
}

/** The server filters and sorts, so the table shows matches from every order, not from one page. */
export function orderListParams(filters: OrderFilters, limit: number | null = ORDER_PAGE_SIZE): URLSearchParams {
  const params = new URLSearchParams(limit ? { limit: String(limit) } : {});
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.status !== "all") params.set("status", filters.status satisfies PoFormStatus);
  if (filters.overdue) params.set("overdue", "true");
  if (filters.sort !== defaultOrderSort) params.set("sort", filters.sort);
  return params;
}
