import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PurchaseRequest } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type Decision = "approve" | "deny";

export const decideRequest = ({ id, decision }: { id: string; decision: Decision }) =>
  api.post<PurchaseRequest>(`/api/requests/${encodeURIComponent(id)}/${decision}`);

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRequest,
    onSuccess: (updated, { id }) => {
      if (updated && typeof updated === "object" && "id" in updated) queryClient.setQueryData(queryKeys.requests.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
