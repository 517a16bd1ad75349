import { useMutation, useQueryClient } from "@tanstack/react-query";
import { member, type Member, type UpdateUserBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * A member's role and/or activity, changed on the `version` the admin saw (else 412); deactivating signs them out
 * everywhere at once.
 */
export async function updateUser({ id, version, ...body }: UpdateUserBody & { id: string; version?: number }): Promise<Member> {
  return member.parse(await api.patch<unknown>(`/api/users/${encodeURIComponent(id)}`, body, version));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users() }) });
}
