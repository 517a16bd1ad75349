import { queryOptions, useQuery } from "@tanstack/react-query";
import { orderReceipt, type OrderReceipt } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const receiptList = orderReceipt.array();

export async function getOrderReceipts(orderId: string, signal?: AbortSignal): Promise<OrderReceipt[]> {
  return receiptList.parse(await api.get<unknown>(`/api/orders/${encodeURIComponent(orderId)}/receipts`, signal));
}

/** Under ["orders", id]: a receipt's invalidation of its order reaches its receipts too. */
export const getOrderReceiptsQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...queryKeys.orders(), orderId, "receipts"] as const, queryFn: ({ signal }) => getOrderReceipts(orderId, signal) });

export const useOrderReceipts = (orderId: string) => useQuery(getOrderReceiptsQueryOptions(orderId));
