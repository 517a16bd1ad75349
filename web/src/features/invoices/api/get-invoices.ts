import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { invoiceListParams, type InvoiceFilters } from "../lib/invoice-filters";

const invoiceList = invoice.array();

export async function getInvoices(filters: InvoiceFilters, signal?: AbortSignal): Promise<Invoice[]> {
  return invoiceList.parse(await api.get<unknown>(`/api/invoices?${invoiceListParams(filters)}`, signal));
}

/** Under the ["invoices"] prefix the server invalidates whenever an invoice, or the match of one, changes. */
export const getInvoicesQueryOptions = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: [...queryKeys.invoices(), "list", filters] as const,
    queryFn: ({ signal }) => getInvoices(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (filters: InvoiceFilters) => useQuery(getInvoicesQueryOptions(filters));
