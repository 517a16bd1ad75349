import { queryOptions, useQuery } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const invoiceList = invoice.array();

export async function getOrderInvoices(orderId: string, signal?: AbortSignal): Promise<Invoice[]> {
  return invoiceList.parse(await api.get<unknown>(`/api/invoices?${new URLSearchParams({ order_id: orderId, limit: "200" })}`, signal));
}

/** Under ["invoices"], which the server invalidates when any invoice is recorded or moves on. */
export const getOrderInvoicesQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...queryKeys.invoices(), "order", orderId] as const, queryFn: ({ signal }) => getOrderInvoices(orderId, signal) });

/** Asked only for those who may read invoices; others see the lines' invoiced quantities alone. */
export const useOrderInvoices = (orderId: string) => useQuery(getOrderInvoicesQueryOptions(orderId));
