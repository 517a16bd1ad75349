import { queryOptions, useQuery } from "@tanstack/react-query";
import { purchaseOrder, type PurchaseOrder } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getOrder(id: string, signal?: AbortSignal): Promise<PurchaseOrder> {
  return purchaseOrder.parse(await api.get<unknown>(`/api/orders/${encodeURIComponent(id)}`, signal));
}

/** Under ["orders", id], which the server invalidates when the order is saved or takes a receipt. */
export const getOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.orders(), id] as const, queryFn: ({ signal }) => getOrder(id, signal) });

/** The order as it stands now, while the drawer shows it; nothing for a new order. */
export const useOrder = (id: string | null) => useQuery({ ...getOrderQueryOptions(id ?? ""), enabled: id !== null });
