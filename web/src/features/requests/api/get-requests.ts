import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getRequestPage } from "@/lib/request-pages";
import { queryKeys } from "@/lib/query-keys";

const PAGE_SIZE = "50";

export type RequestListFilters = { status?: string; q?: string };

/** The first page of the filtered list; later pages follow the server's Link header. */
function firstPage(filters: RequestListFilters): string {
  const params = new URLSearchParams({ limit: PAGE_SIZE });
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  return `/api/requests?${params}`;
}

export const getRequestPagesQueryOptions = (filters: RequestListFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.list(filters),
    queryFn: ({ pageParam, signal }) => getRequestPage(pageParam, signal),
    initialPageParam: firstPage(filters),
    getNextPageParam: (last) => last.next,
  });

/** The requests list newest first, filtered and searched by the server, a page at a time. */
export const useRequestPages = (filters: RequestListFilters) => useInfiniteQuery(getRequestPagesQueryOptions(filters));
