import { useMutation, useQueryClient } from "@tanstack/react-query";
import { approvalRule, type ApprovalRule, type ApprovalRuleInput } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function createApprovalRule(body: ApprovalRuleInput): Promise<ApprovalRule> {
  return approvalRule.parse(await api.post<unknown>("/api/approval-rules", body));
}

export function useCreateApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApprovalRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules() }),
  });
}
