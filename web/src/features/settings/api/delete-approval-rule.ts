import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApprovalRule } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const deleteApprovalRule = (id: string) => api.delete(`/api/approval-rules/${encodeURIComponent(id)}`);

export function useDeleteApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApprovalRule,
    onSuccess: (_nothing, id) => {
      // Drop the row at once; the refetch confirms it.
      queryClient.setQueryData<ApprovalRule[]>(queryKeys.approvalRules(), (rules) => rules?.filter((rule) => rule.id !== id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules() });
    },
  });
}
