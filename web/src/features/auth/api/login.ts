import { useMutation } from "@tanstack/react-query";
import { authResponse, type AuthResponse, type LoginBody } from "@procure/contracts";
import { api } from "@/lib/api-client";

export async function login(body: LoginBody): Promise<AuthResponse> {
  return authResponse.parse(await api.post<unknown>("/api/auth/login", body));
}

export const useLogin = () => useMutation({ mutationFn: login });
