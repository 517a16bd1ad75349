import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getRequestPage } from "@/lib/request-pages";
import { queryKeys } from "@/lib/query-keys";

const firstPage = `/api/requests?${new URLSearchParams({ status: "pending", order: "oldest", limit: "50" })}`;

/** The approvals queue: every pending request, oldest submission first, a page at a time. */
export const getPendingRequestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.list({ status: "pending", order: "oldest" }),
    queryFn: ({ pageParam, signal }) => getRequestPage(pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: (last) => last.next,
  });

export const usePendingRequests = () => useInfiniteQuery(getPendingRequestsQueryOptions());
