import { queryOptions, useQuery } from "@tanstack/react-query";
import { purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Approved requests; the picker offers those without an order yet. A failure leaves the picker empty. */
export async function getApprovedRequests(signal?: AbortSignal): Promise<PurchaseRequest[]> {
  try {
    const parsed = purchaseRequest.array().safeParse(await api.get<unknown>("/api/requests?status=approved&limit=500", signal));
    return parsed.success ? parsed.data : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const getApprovedRequestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.requests.list({ status: "approved" }),
    queryFn: ({ signal }) => getApprovedRequests(signal),
    staleTime: 30_000,
  });

export const useApprovedRequests = (enabled = true) => useQuery({ ...getApprovedRequestsQueryOptions(), enabled });
