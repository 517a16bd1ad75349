import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createUserResponse, type CreateUserBody, type CreateUserResponse } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The answer carries the temporary password once; it is never cached, only handed to the caller. */
export async function createUser(body: CreateUserBody): Promise<CreateUserResponse> {
  return createUserResponse.parse(await api.post<unknown>("/api/users", body));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users() }),
  });
}
