import { queryOptions, useQuery } from "@tanstack/react-query";
import { orderHistory, type OrderHistoryEntry } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getOrderHistory(orderId: string, signal?: AbortSignal): Promise<OrderHistoryEntry[]> {
  return orderHistory.parse(await api.get<unknown>(`/api/orders/${encodeURIComponent(orderId)}/history`, signal)).items;
}

/** Under ["orders", id]: a save, a receipt or an invoice of the order refreshes its timeline. */
export const getOrderHistoryQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...queryKeys.orders(), orderId, "history"] as const, queryFn: ({ signal }) => getOrderHistory(orderId, signal) });

export const useOrderHistory = (orderId: string) => useQuery(getOrderHistoryQueryOptions(orderId));
