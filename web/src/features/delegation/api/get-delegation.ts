import { queryOptions, useQuery } from "@tanstack/react-query";
import { delegationAnswer, type DelegationAnswer } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const delegationKey = () => [...queryKeys.me(), "delegation"];

export async function getDelegation(signal?: AbortSignal): Promise<DelegationAnswer> {
  return delegationAnswer.parse(await api.get<unknown>("/api/me/delegation", signal));
}

export const getDelegationQueryOptions = () => queryOptions({ queryKey: delegationKey(), queryFn: ({ signal }) => getDelegation(signal) });

export const useDelegation = () => useQuery(getDelegationQueryOptions());
