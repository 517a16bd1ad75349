import { useMutation, useQueryClient } from "@tanstack/react-query";
import { approvalRule, type ApprovalRule, type ApprovalRuleInput } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Changes only the fields named in the body. */
export async function updateApprovalRule({ id, body }: { id: string; body: ApprovalRuleInput }): Promise<ApprovalRule> {
  return approvalRule.parse(await api.patch<unknown>(`/api/approval-rules/${encodeURIComponent(id)}`, body));
}

export function useUpdateApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApprovalRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules() }),
  });
}
