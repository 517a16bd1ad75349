import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { purchaseOrder, type PurchaseOrder } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { orderListParams, type OrderFilters } from "../lib/order-filters";

const orderList = purchaseOrder.array();

export async function getOrders(filters: OrderFilters, signal?: AbortSignal): Promise<PurchaseOrder[]> {
  return orderList.parse(await api.get<unknown>(`/api/orders?${orderListParams(filters)}`, signal));
}

/** Under the ["orders"] prefix the server invalidates whenever an order is saved or deleted. */
export const getOrdersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...queryKeys.orders(), "list", filters] as const,
    queryFn: ({ signal }) => getOrders(filters, signal),
    // Changing a filter keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useOrders = (filters: OrderFilters) => useQuery(getOrdersQueryOptions(filters));
