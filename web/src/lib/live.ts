import { useEffect, useRef } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { liveCloseCodes, liveMessage } from "@procure/contracts";
import { env } from "@/config/env";
import { joinUrl } from "./api-client";

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

export function liveUrl(location: Location = window.location): string {
  const http = joinUrl(env.apiUrl, "/api/live");
  const absolute = new URL(http, location.href);
  absolute.protocol = absolute.protocol === "https:" ? "wss:" : "ws:";
  return absolute.toString();
}

/** The token travels as a subprotocol, never in the URL, where proxies and request logs would keep it. */
export const liveProtocols = (token: string) => ["bearer", token];

export function backoffDelay(attempt: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  // Jitter spreads reconnects out so a restarted server isn't hit by every tab at the same instant.
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** A restart closes every socket of the process together: their reconnects are spread over this much. */
const RESTART_SPREAD_MS = 250;

/**
 * What a tab does when the server closes its socket: signed out (or asked to change a temporary password first), it
 * refetches (whose 401 ends the session in the app) and stays closed; pushed out by the user's newer tabs, it waits
 * to be looked at again; told the server restarts or the user's role changed, it reconnects at once, and the new
 * socket's open refetches what the old role fetched; otherwise it retries after a backoff.
 */
export function afterClose(code: number): "refetch" | "wait-for-focus" | "reconnect-now" | "retry" {
  if (code === liveCloseCodes.sessionEnded || code === liveCloseCodes.passwordChangeRequired) return "refetch";
  if (code === liveCloseCodes.tooManySockets) return "wait-for-focus";
  if (code === liveCloseCodes.serviceRestart || code === liveCloseCodes.roleChanged) return "reconnect-now";
  return "retry";
}

export function applyLiveMessage(queryClient: QueryClient, raw: unknown) {
  let data: unknown = raw;
  if (typeof raw === "string") {
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
  }
  const parsed = liveMessage.safeParse(data);
  if (!parsed.success) return;
  if (parsed.data.type === "resync") void queryClient.invalidateQueries();
  if (parsed.data.type !== "invalidate") return;
  for (const queryKey of parsed.data.keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * One socket per signed-in tab. After any reconnect everything is refetched, since messages may have been missed.
 * `onRoleChanged` hears that the server closed the socket for a new role, so the app can read the user again.
 */
export function useLiveInvalidation(token: string | null, onRoleChanged?: () => void) {
  const queryClient = useQueryClient();
  const roleChanged = useRef(onRoleChanged);
  roleChanged.current = onRoleChanged;

  useEffect(() => {
    if (!token || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let everConnected = false;
    let stopped = false;
    let parked = false;

    const connect = () => {
      socket = new WebSocket(liveUrl(), liveProtocols(token));
      socket.onopen = () => {
        if (everConnected || attempt > 0) void queryClient.invalidateQueries();
        everConnected = true;
        attempt = 0;
      };
      socket.onmessage = (event) => applyLiveMessage(queryClient, event.data);
      socket.onclose = (event) => {
        socket = null;
        if (stopped) return;
        if (event.code === liveCloseCodes.roleChanged) roleChanged.current?.();
        const next = afterClose(event.code);
        parked = next === "refetch" || next === "wait-for-focus";
        if (next === "refetch") void queryClient.invalidateQueries();
        if (parked) return;
        // Counted as a reconnect either way, so the new socket's open refetches what may have been missed.
        const delay = next === "reconnect-now" ? Math.random() * RESTART_SPREAD_MS : backoffDelay(attempt);
        timer = setTimeout(connect, delay);
        attempt += 1;
      };
      socket.onerror = () => socket?.close();
    };

    const onOnline = () => {
      if (socket || stopped || parked) return;
      clearTimeout(timer);
      attempt = 0;
      connect();
    };
    // A tab pushed out by the user's other tabs takes its socket back when the user returns to it.
    const onVisible = () => {
      if (document.visibilityState !== "visible" || socket || stopped || !parked) return;
      parked = false;
      attempt = 0;
      connect();
    };

    connect();
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      socket?.close();
    };
  }, [token, queryClient]);
}
