import { useMutation } from "@tanstack/react-query";
import { authResponse, type AuthResponse, type ChangePasswordBody } from "@procure/contracts";
import { env } from "@/config/env";
import { ApiError, joinUrl } from "@/lib/api-client";

/**
 * Sent with the token the sign-in answered rather than a stored session: until the temporary password is replaced
 * the tab keeps no session, so no screen asks the server for anything it would refuse.
 */
export async function changePassword({ token, ...body }: ChangePasswordBody & { token: string }): Promise<AuthResponse> {
  const url = joinUrl(env.apiUrl, "/api/auth/password");
  const response = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError({ method: "POST", url, status: response.status, statusText: response.statusText, body: text });
  return authResponse.parse(JSON.parse(text));
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
