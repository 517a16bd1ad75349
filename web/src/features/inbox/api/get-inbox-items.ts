import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InboxItem } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getInboxItems(signal?: AbortSignal): Promise<InboxItem[]> {
  const [{ inboxItemsResponse }, body] = await Promise.all([import("@procure/contracts/inbox"), api.get<unknown>("/api/inbox/items", signal)]);
  return inboxItemsResponse.parse(body).items;
}

/** Under ["inbox"], so the same invalidation refreshes the counts and the rows. */
export const getInboxItemsQueryOptions = () => queryOptions({ queryKey: [...queryKeys.inbox(), "items"], queryFn: ({ signal }) => getInboxItems(signal) });

export const useInboxItems = (enabled: boolean) => useQuery({ ...getInboxItemsQueryOptions(), enabled });
