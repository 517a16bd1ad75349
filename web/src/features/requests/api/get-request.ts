import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PurchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getRequest = (id: string, signal?: AbortSignal) =>
  api.get<PurchaseRequest>(`/api/requests/${encodeURIComponent(id)}`, signal);

export const getRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.requests.detail(id), queryFn: ({ signal }) => getRequest(id, signal) });

export const useRequest = (id: string) => useQuery(getRequestQueryOptions(id));
