import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getRequestPage } from "@/lib/request-pages";
import { queryKeys } from "@/lib/query-keys";

const firstPage = `/api/requests?${new URLSearchParams({ status: "pending", order: "priority", limit: "50" })}`;

/** The approvals queue: every pending request, the most urgent first and then the oldest, a page at a time. */
export const getPendingRequestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.list({ status: "pending", order: "priority" }),
    queryFn: ({ pageParam, signal }) => getRequestPage(pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: (last) => last.next,
  });

export const usePendingRequests = () => useInfiniteQuery(getPendingRequestsQueryOptions());
