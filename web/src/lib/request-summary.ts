import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestSummary, type RequestSummary } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getRequestSummary(q: string, signal?: AbortSignal): Promise<RequestSummary> {
  const params = new URLSearchParams(q ? { q } : {});
  return requestSummary.parse(await api.get<unknown>(`/api/requests/summary${params.size ? `?${params}` : ""}`, signal));
}

/** Counts and spend over every request the viewer sees (and matches), from the server. */
export const useRequestSummary = (q: string) =>
  useQuery(queryOptions({ queryKey: queryKeys.requests.summary(q), queryFn: ({ signal }) => getRequestSummary(q, signal) }));
