import { useMutation, useQueryClient } from "@tanstack/react-query";
import { purchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type ApprovalDecision = "approved" | "denied";

/** The approvals screen decides through an update carrying the new status, and the reason or comment with it. */
export const updateRequestStatus = async ({ id, status, comment }: { id: string; status: ApprovalDecision; comment: string }) =>
  purchaseRequest.parse(await api.patch<unknown>(`/api/requests/${encodeURIComponent(id)}`, comment ? { status, comment } : { status }));

export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequestStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
