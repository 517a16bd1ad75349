import { invoiceMatchLabels, invoiceMatchStates, invoiceStatusLabels, invoiceStatuses, type InvoiceMatchState, type InvoiceStatus } from "@procure/contracts";

export type MatchFilter = "all" | InvoiceMatchState;
export type StatusFilter = "all" | InvoiceStatus;
/** `q` searches the invoice number, the vendor and the PO number. */
export type InvoiceFilters = { match: MatchFilter; status: StatusFilter; q: string };

/** A page of the list: the newest invoice date first, more on request. */
export const INVOICE_PAGE_SIZE = 50;
export const defaultInvoiceFilters: InvoiceFilters = { match: "all", status: "all", q: "" };
export const matchFilters: MatchFilter[] = ["all", ...invoiceMatchStates];
export const matchFilterLabels: Record<MatchFilter, string> = { all: "All", ...invoiceMatchLabels };
export const statusFilters: StatusFilter[] = ["all", ...invoiceStatuses];
export const statusFilterLabels: Record<StatusFilter, string> = { all: "Any status", ...invoiceStatusLabels };

function filterParams(filters: InvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.match !== "all") params.set("match", filters.match);
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.q.trim()) params.set("q", filters.q.trim());
  return params;
}

export function invoiceListParams(filters: InvoiceFilters): string {
  const params = filterParams(filters);
  params.set("limit", String(INVOICE_PAGE_SIZE));
  return params.toString();
}

/** The CSV of every invoice the list's filters and search match, in the list's order. */
export function invoiceExportPath(filters: InvoiceFilters): string {
  const params = filterParams(filters).toString();
  return `/api/invoices/export.csv${params ? `?${params}` : ""}`;
}

const isMatch = (v: string | null): v is MatchFilter => v !== null && (matchFilters as string[]).includes(v);
const isStatus = (v: string | null): v is StatusFilter => v !== null && (statusFilters as string[]).includes(v);

/** The filters live in the address, so a filtered list can be shared and survives a reload; the search is read apart (`useUrlSearchText`). */
export function filtersFromUrl(get: (key: string) => string | null): Omit<InvoiceFilters, "q"> {
  const match = get("match");
  const status = get("status");
  return { match: isMatch(match) ? match : "all", status: isStatus(status) ? status : "all" };
}
