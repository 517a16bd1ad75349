import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { invoiceListParams, type InvoiceFilters } from "../lib/invoice-filters";

const invoiceList = invoice.array();

export async function getInvoicePage(path: string, signal?: AbortSignal): Promise<{ items: Invoice[]; next: string | null }> {
  const page = await api.page(path, signal);
  return { items: invoiceList.parse(page.items), next: page.next };
}

/**
 * The newest invoices first, a page at a time; later pages follow the server's Link header. Under the ["invoices"]
 * prefix, which the server invalidates whenever an invoice, or the match of one, changes.
 */
export const getInvoicePagesQueryOptions = (filters: InvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.invoices(), "list", filters] as const,
    queryFn: ({ pageParam, signal }) => getInvoicePage(pageParam, signal),
    initialPageParam: `/api/invoices?${invoiceListParams(filters)}`,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });

export const useInvoicePages = (filters: InvoiceFilters) => useInfiniteQuery(getInvoicePagesQueryOptions(filters));
