import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PurchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { asArray } from "@/lib/as-array";
import { queryKeys } from "@/lib/query-keys";

const filters = { status: "pending" } as const;

export async function getPendingRequests(signal?: AbortSignal): Promise<PurchaseRequest[]> {
  const params = new URLSearchParams({ status: "pending", limit: "500" });
  return asArray<PurchaseRequest>(await api.get<unknown>(`/api/requests?${params}`, signal));
}

export const getPendingRequestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.requests.list(filters), queryFn: ({ signal }) => getPendingRequests(signal) });

export const usePendingRequests = () => useQuery(getPendingRequestsQueryOptions());
