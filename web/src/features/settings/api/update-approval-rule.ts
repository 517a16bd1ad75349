import { useMutation, useQueryClient } from "@tanstack/react-query";
import { approvalRule, type ApprovalRule, type ApprovalRuleInput } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Changes only the fields named in the body, on the rule's `version` the form was filled from (else 412). */
export async function updateApprovalRule({ id, body, version }: { id: string; body: ApprovalRuleInput; version?: number | undefined }): Promise<ApprovalRule> {
  return approvalRule.parse(await api.patch<unknown>(`/api/approval-rules/${encodeURIComponent(id)}`, body, version));
}

export function useUpdateApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApprovalRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules() }),
  });
}
