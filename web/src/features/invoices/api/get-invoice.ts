import { queryOptions, useQuery } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return invoice.parse(await api.get<unknown>(`/api/invoices/${encodeURIComponent(id)}`, signal));
}

/** Under ["invoices", id]: a receipt that matches the invoice refreshes the open drawer too. */
export const getInvoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.invoices(), id] as const, queryFn: ({ signal }) => getInvoice(id, signal) });

export const useInvoice = (id: string | null) => useQuery({ ...getInvoiceQueryOptions(id ?? ""), enabled: id !== null });
