import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestSummary, type RequestSummary } from "@procure/contracts";
import { api } from "./api-client";
import { queryKeys } from "./query-keys";

export async function getRequestSummary(q: string, signal?: AbortSignal): Promise<RequestSummary> {
  const params = new URLSearchParams(q ? { q } : {});
  return requestSummary.parse(await api.get<unknown>(`/api/requests/summary${params.size ? `?${params}` : ""}`, signal));
}

/** Counts and spend over every request the viewer sees (and matches), from the server: on the requests list and the approvals queue. */
export const useRequestSummary = (q: string) =>
  useQuery(queryOptions({ queryKey: queryKeys.requests.summary(q), queryFn: ({ signal }) => getRequestSummary(q, signal) }));
