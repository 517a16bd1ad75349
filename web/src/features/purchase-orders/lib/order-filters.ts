import { poFormStatuses, type PoFormStatus } from "@procure/contracts";

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

export type OrderFilters = { q: string; status: StatusFilter; overdue: boolean };

export const defaultFilters: OrderFilters = { q: "", status: "all", overdue: false };

/** The largest page the orders API serves; the screen says so when there may be more. */
export const ORDER_PAGE_SIZE = 200;

export function isFiltered(filters: OrderFilters): boolean {
  return filters.q.trim() !== "" || filters.status !== "all" || filters.overdue;
}

/** The server does the filtering, so the table shows matches from every order, not from one page. */
export function orderListParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams({ limit: String(ORDER_PAGE_SIZE) });
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.status !== "all") params.set("status", filters.status satisfies PoFormStatus);
  if (filters.overdue) params.set("overdue", "true");
  return params;
}
