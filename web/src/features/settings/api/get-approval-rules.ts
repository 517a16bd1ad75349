import { queryOptions, useQuery } from "@tanstack/react-query";
import { approvalRule, type ApprovalRule } from "@procure/contracts";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const ruleList = z.array(approvalRule);

export async function getApprovalRules(signal?: AbortSignal): Promise<ApprovalRule[]> {
  return ruleList.parse(await api.get<unknown>("/api/approval-rules", signal));
}

/** The server invalidates ["approval-rules"] for every rule change, so the list refreshes live. */
export const getApprovalRulesQueryOptions = () => queryOptions({ queryKey: queryKeys.approvalRules(), queryFn: ({ signal }) => getApprovalRules(signal) });

export const useApprovalRules = () => useQuery(getApprovalRulesQueryOptions());
