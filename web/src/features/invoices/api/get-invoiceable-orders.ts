import { queryOptions, useQuery } from "@tanstack/react-query";
import { purchaseOrder, type PurchaseOrder } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const orderList = purchaseOrder.array();
/** Orders goods are expected or have come against: the ones a vendor bills. */
const statuses = ["issued", "receiving", "received"] as const;

export async function getInvoiceableOrders(signal?: AbortSignal): Promise<PurchaseOrder[]> {
  const pages = await Promise.all(statuses.map(async (status) => orderList.parse(await api.get<unknown>(`/api/orders?status=${status}&limit=500`, signal))));
  return pages.flat().filter((order) => order.vendor_id !== null);
}

/** Under ["orders"]: a receipt or an invoice changes what is left to invoice. */
export const getInvoiceableOrdersQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.orders(), "invoiceable"] as const, queryFn: ({ signal }) => getInvoiceableOrders(signal) });

export const useInvoiceableOrders = (enabled: boolean) => useQuery({ ...getInvoiceableOrdersQueryOptions(), enabled });
