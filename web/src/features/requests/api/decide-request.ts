import { useMutation, useQueryClient } from "@tanstack/react-query";
import { purchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type Decision = "approve" | "deny";

/** A denial carries its reason; an approval may carry a comment. */
export const decideRequest = async ({ id, decision, comment }: { id: string; decision: Decision; comment: string }) =>
  purchaseRequest.parse(await api.post<unknown>(`/api/requests/${encodeURIComponent(id)}/${decision}`, comment ? { comment } : {}));

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRequest,
    onSuccess: (updated, { id }) => {
      queryClient.setQueryData(queryKeys.requests.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
