import { invoiceMatchLabels, invoiceMatchStates, invoiceStatusLabels, invoiceStatuses, type InvoiceMatchState, type InvoiceStatus } from "@procure/contracts";

export type MatchFilter = "all" | InvoiceMatchState;
export type StatusFilter = "all" | InvoiceStatus;
export type InvoiceFilters = { match: MatchFilter; status: StatusFilter };

/** A page of the list: the newest first, more on request. */
export const INVOICE_PAGE_SIZE = 50;
export const defaultInvoiceFilters: InvoiceFilters = { match: "all", status: "all" };
export const matchFilters: MatchFilter[] = ["all", ...invoiceMatchStates];
export const matchFilterLabels: Record<MatchFilter, string> = { all: "All", ...invoiceMatchLabels };
export const statusFilters: StatusFilter[] = ["all", ...invoiceStatuses];
export const statusFilterLabels: Record<StatusFilter, string> = { all: "Any status", ...invoiceStatusLabels };

export function invoiceListParams(filters: InvoiceFilters): string {
  const params = new URLSearchParams({ limit: String(INVOICE_PAGE_SIZE) });
  if (filters.match !== "all") params.set("match", filters.match);
  if (filters.status !== "all") params.set("status", filters.status);
  return params.toString();
}

const isMatch = (v: string | null): v is MatchFilter => v !== null && (matchFilters as string[]).includes(v);
const isStatus = (v: string | null): v is StatusFilter => v !== null && (statusFilters as string[]).includes(v);

/** The filters live in the address, so a filtered list can be shared and survives a reload. */
export function filtersFromUrl(get: (key: string) => string | null): InvoiceFilters {
  const match = get("match");
  const status = get("status");
  return { match: isMatch(match) ? match : "all", status: isStatus(status) ? status : "all" };
}
