import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The user looked at these requests of theirs: their changes leave the inbox. */
export async function markSeen(requestIds: string[]): Promise<void> {
  if (requestIds.length === 0) return;
  await api.post<unknown>("/api/inbox/seen", { request_ids: requestIds });
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markSeen, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() }) });
}
