import { useMutation, useQueryClient } from "@tanstack/react-query";
import { user, type UpdateUserBody, type User } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** A member's role and/or activity; deactivating signs them out everywhere at once. */
export async function updateUser({ id, ...body }: UpdateUserBody & { id: string }): Promise<User> {
  return user.parse(await api.patch<unknown>(`/api/users/${encodeURIComponent(id)}`, body));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users() }) });
}
