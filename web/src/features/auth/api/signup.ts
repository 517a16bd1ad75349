import { useMutation } from "@tanstack/react-query";
import { authResponse, type AuthResponse, type SignupBody } from "@procure/contracts";
import { api } from "@/lib/api-client";

export async function signup(body: SignupBody): Promise<AuthResponse> {
  return authResponse.parse(await api.post<unknown>("/api/auth/signup", body));
}

export const useSignup = () => useMutation({ mutationFn: signup });
