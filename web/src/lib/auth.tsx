import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Role, User } from "@procure/contracts";
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
  /** Reads the signed-in user again (a new role, say) without ending the session. */
  refreshUser: () => void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

/** The schema comes with the answer rather than before the first paint: every page starts here, most never parse. */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const [{ meResponse }, body] = await Promise.all([import("./me-schema"), api.get<unknown>("/api/me", signal)]);
  const parsed = meResponse.safeParse(body);
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
  // The stored user is not trusted: the session check below answers who this is before anything is shown.
  return token ? { status: "checking", user: null, token } : { status: "unauthenticated", user: null, token: null };
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

  const refreshUser = useCallback(() => {
    getMe()
      .then((user) => {
        storage.setUser(user);
        setState((current) => (current.status === "authenticated" ? { ...current, user } : current));
      })
      // A session that ended meanwhile is signed out by the 401 itself.
      .catch(() => undefined);
  }, []);

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
    // Users only come from answers parsed with the contracts' schema, whose role is always a known one; without a
    // user the role is the least privileged (spec section 6).
    () => ({ ...state, role: state.user?.role ?? "requester", signIn, signOut, refreshUser }),
    [state, signIn, signOut, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside SessionProvider");
  return value;
}
