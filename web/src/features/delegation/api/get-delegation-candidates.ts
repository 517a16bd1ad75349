import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { delegationCandidate, type DelegationCandidate } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { delegationKey } from "./get-delegation";

export async function getDelegationCandidates(signal?: AbortSignal): Promise<DelegationCandidate[]> {
  return z.array(delegationCandidate).parse(await api.get<unknown>("/api/me/delegation/candidates", signal));
}

export const getDelegationCandidatesQueryOptions = () =>
  queryOptions({ queryKey: [...delegationKey(), "candidates"], queryFn: ({ signal }) => getDelegationCandidates(signal), staleTime: 60_000 });

export const useDelegationCandidates = () => useQuery(getDelegationCandidatesQueryOptions());
