import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { InboxCounts } from "@procure/contracts";
import { queryKeys } from "@/lib/query-keys";
import { useMarkSeen } from "./mark-seen";

/**
 * Opening a request counts as looking at it: its changes leave the opener's inbox. Asked only while the inbox says
 * some change waits, so opening requests otherwise sends nothing.
 */
export function useMarkSeenOnOpen(requestId: string) {
  const queryClient = useQueryClient();
  const { mutate } = useMarkSeen();
  useEffect(() => {
    const inbox = queryClient.getQueryData<InboxCounts>(queryKeys.inbox());
    if (requestId && (inbox?.counts.changed ?? 0) > 0) mutate([requestId]);
  }, [queryClient, mutate, requestId]);
}
