import { useMutation, useQueryClient } from "@tanstack/react-query";
import { delegationAnswer, type DelegationAnswer, type DelegationBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { delegationKey } from "./get-delegation";

export async function setDelegation(body: DelegationBody): Promise<DelegationAnswer> {
  return delegationAnswer.parse(await api.put<unknown>("/api/me/delegation", body));
}

export async function endDelegation(): Promise<DelegationAnswer> {
  return delegationAnswer.parse((await api.delete("/api/me/delegation")) as unknown);
}

/** Both answer the delegation as it now stands, which replaces the cached one. */
function useDelegationChange<T>(change: (input: T) => Promise<DelegationAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: (saved) => queryClient.setQueryData([...delegationKey()], saved) });
}

export const useSetDelegation = () => useDelegationChange(setDelegation);
export const useEndDelegation = () => useDelegationChange(endDelegation);
