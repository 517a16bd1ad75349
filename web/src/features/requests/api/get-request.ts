import { queryOptions, useQuery } from "@tanstack/react-query";
import { purchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getRequest = async (id: string, signal?: AbortSignal) =>
  purchaseRequest.parse(await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}`, signal));

export const getRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.requests.detail(id), queryFn: ({ signal }) => getRequest(id, signal) });

export const useRequest = (id: string) => useQuery(getRequestQueryOptions(id));
