import { useMutation } from "@tanstack/react-query";
import { resetPasswordResponse, type ResetPasswordResponse } from "@procure/contracts";
import { api } from "@/lib/api-client";

/** The answer carries the temporary password once; it is never cached, only handed to the caller. */
export async function resetPassword(id: string): Promise<ResetPasswordResponse> {
  return resetPasswordResponse.parse(await api.post<unknown>(`/api/users/${encodeURIComponent(id)}/reset-password`));
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
