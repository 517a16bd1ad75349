import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestOrder } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The purchase order a request became, with its live status; asked only of a request that names one. */
export const getRequestOrder = async (id: string, signal?: AbortSignal) =>
  requestOrder.parse(await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}/order`, signal));

export const getRequestOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.requests.detail(id), "order"], queryFn: ({ signal }) => getRequestOrder(id, signal) });

export const useRequestOrder = (id: string, linked: boolean) => useQuery({ ...getRequestOrderQueryOptions(id), enabled: linked });
