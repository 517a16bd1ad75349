import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { meResponse, normalizeRole, type Role, type User } from "@procure/contracts";
import { api, joinUrl, onUnauthorized } from "./api-client";
import { env } from "../config/env";
import { storage } from "./storage";

export type SessionStatus = "checking" | "authenticated" | "unauthenticated";

type SessionContextValue = {
  status: SessionStatus;
  user: User | null;
  token: string | null;
  role: Role;
  signIn: (token: string, user: User) => void;
  signOut: () => void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export async function getMe(signal?: AbortSignal): Promise<User> {
  const parsed = meResponse.safeParse(await api.get<unknown>("/api/me", signal));
  if (!parsed.success) throw new Error("The session check returned no user.");
  return parsed.data.user;
}

function revokeToken(token: string): Promise<unknown> {
  const url = joinUrl(env.apiUrl, "/api/auth/logout");
  return fetch(url, { method: "POST", headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}

type State = { status: SessionStatus; user: User | null; token: string | null };

function initialState(): State {
  const token = storage.getToken();
  return token ? { status: "checking", user: storage.getUser(), token } : { status: "unauthenticated", user: null, token: null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(initialState);

  const signOut = useCallback(() => {
    const token = storage.getToken();
    // The server ends the token too, so a copy of it (another tab, a log) stops working; best effort when offline.
    if (token) void revokeToken(token);
    storage.clearSession();
    setState({ status: "unauthenticated", user: null, token: null });
    queryClient.clear();
  }, [queryClient]);

  const signIn = useCallback(
    (token: string, user: User) => {
      queryClient.clear();
      storage.setSession(token, user);
      setState({ status: "authenticated", user, token });
    },
    [queryClient],
  );

  useEffect(() => onUnauthorized(signOut), [signOut]);

  const checking = state.status === "checking";
  useEffect(() => {
    if (!checking) return;
    const controller = new AbortController();
    getMe(controller.signal)
      .then((user) => {
        storage.setUser(user);
        setState((current) => (current.status === "checking" ? { ...current, status: "authenticated", user } : current));
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        storage.clearSession();
        setState({ status: "unauthenticated", user: null, token: null });
      });
    return () => controller.abort();
  }, [checking]);

  const value = useMemo<SessionContextValue>(
    () => ({ ...state, role: normalizeRole(state.user?.role), signIn, signOut }),
    [state, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside SessionProvider");
  return value;
}
