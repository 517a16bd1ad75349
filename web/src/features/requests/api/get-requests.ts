import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getRequestPage } from "@/lib/request-pages";
import { queryKeys } from "@/lib/query-keys";

const PAGE_SIZE = "50";

export type RequestListFilters = { status?: string | undefined; q?: string | undefined; sort?: string | undefined };

/** The list (or its CSV export) with these filters; the server filters, searches and sorts. */
export function requestListPath(filters: RequestListFilters, path = "/api/requests", extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (filters.sort) params.set("sort", filters.sort);
  return `${path}?${params}`;
}

/** The first page of the filtered list; later pages follow the server's Link header. */
const firstPage = (filters: RequestListFilters) => requestListPath(filters, "/api/requests", { limit: PAGE_SIZE });

export const getRequestPagesQueryOptions = (filters: RequestListFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.list(filters),
    queryFn: ({ pageParam, signal }) => getRequestPage(pageParam, signal),
    initialPageParam: firstPage(filters),
    getNextPageParam: (last) => last.next,
  });

/** The requests list, filtered, searched and sorted by the server, a page at a time. */
export const useRequestPages = (filters: RequestListFilters) => useInfiniteQuery(getRequestPagesQueryOptions(filters));
