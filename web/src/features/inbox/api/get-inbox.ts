import { queryOptions, useQuery } from "@tanstack/react-query";
import { inboxBadge, inboxCounts, type InboxCounts } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getInbox(signal?: AbortSignal): Promise<InboxCounts> {
  const counts = inboxCounts.parse(await api.get<unknown>("/api/inbox", signal));
  // Recomputed locally so the cap and the never-negative rule hold whatever the server sends.
  return { ...counts, badge: inboxBadge(counts.pendingRequests, counts.openOrders) };
}

export const getInboxQueryOptions = () => queryOptions({ queryKey: queryKeys.inbox(), queryFn: ({ signal }) => getInbox(signal) });

export const useInbox = (enabled: boolean) => useQuery({ ...getInboxQueryOptions(), enabled });
