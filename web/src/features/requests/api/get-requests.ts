import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PurchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { asArray } from "@/lib/as-array";
import { queryKeys } from "@/lib/query-keys";

// The screen counts statuses over the whole list, so it asks for the largest page the API allows.
const LIST_LIMIT = "500";

export async function getRequests(signal?: AbortSignal): Promise<PurchaseRequest[]> {
  const params = new URLSearchParams({ limit: LIST_LIMIT });
  return asArray<PurchaseRequest>(await api.get<unknown>(`/api/requests?${params}`, signal));
}

export const getRequestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.requests.list(), queryFn: ({ signal }) => getRequests(signal) });

export const useRequests = () => useQuery(getRequestsQueryOptions());
