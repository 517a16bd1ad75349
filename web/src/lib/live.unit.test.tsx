import { describe, expect, it, vi } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterClose, applyLiveMessage, backoffDelay, liveProtocols, liveUrl, useLiveInvalidation } from "./live";

describe("live invalidations", () => {
  it("invalidates exactly the query keys a message names", () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries");
    applyLiveMessage(client, JSON.stringify({ type: "invalidate", keys: [["inbox"], ["requests", "abc", "comments"]], position: { tx: "1", pos: "2" } }));
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([["inbox"], ["requests", "abc", "comments"]]);
  });

  it("ignores hello messages and anything malformed", () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries");
    applyLiveMessage(client, JSON.stringify({ type: "hello", userId: "u", position: null }));
    applyLiveMessage(client, "not json");
    applyLiveMessage(client, JSON.stringify({ type: "invalidate", keys: "requests" }));
    expect(spy).not.toHaveBeenCalled();
  });

  it("refetches everything when told that invalidations may have been lost", () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries");
    applyLiveMessage(client, JSON.stringify({ type: "resync" }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toBeUndefined();
  });

  it("stays closed when signed out, asked for a new password or pushed out by the user's other tabs, reconnects at once after a restart or a role change, and retries any other close", () => {
    expect(afterClose(4001)).toBe("refetch");
    expect(afterClose(4003)).toBe("refetch");
    expect(afterClose(4008)).toBe("wait-for-focus");
    expect(afterClose(1012)).toBe("reconnect-now");
    expect(afterClose(4009)).toBe("reconnect-now");
    for (const code of [1000, 1001, 1006, 1011]) expect(afterClose(code)).toBe("retry");
  });

  it("backs off exponentially with a ceiling", () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const ceiling = Math.min(30_000, 1_000 * 2 ** attempt);
      const delay = backoffDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it("builds a same-origin websocket URL without the token, which goes as a subprotocol", () => {
    const url = liveUrl(new URL("https://procure.example/app/requests") as unknown as Location);
    expect(url).toBe("wss://procure.example/api/live");
    expect(liveProtocols("a.b.c")).toEqual(["bearer", "a.b.c"]);
  });

  it("keeps a tab pushed out by newer tabs closed until the user looks at it again", () => {
    vi.useFakeTimers();
    const sockets = fakeSockets();
    let visibility = "hidden";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility as DocumentVisibilityState);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useLiveInvalidation("t1"), { wrapper });
    try {
      expect(sockets).toHaveLength(1);
      sockets[0]!.onclose!({ code: 1006 });
      vi.advanceTimersByTime(60_000);
      expect(sockets).toHaveLength(2);
      sockets[1]!.onclose!({ code: 4008 });
      vi.advanceTimersByTime(60_000);
      expect(sockets).toHaveLength(2);
      visibility = "visible";
      document.dispatchEvent(new Event("visibilitychange"));
      expect(sockets).toHaveLength(3);
    } finally {
      unmount();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it("reconnects within a quarter second of a server restart and refetches everything once the new socket opens", () => {
    vi.useFakeTimers();
    const sockets = fakeSockets();
    const client = new QueryClient();
    const refetch = vi.spyOn(client, "invalidateQueries");
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useLiveInvalidation("t1"), { wrapper });
    try {
      sockets[0]!.onopen!();
      expect(refetch).not.toHaveBeenCalled();
      sockets[0]!.onclose!({ code: 1012 });
      vi.advanceTimersByTime(250);
      expect(sockets).toHaveLength(2);
      sockets[1]!.onopen!();
      expect(refetch).toHaveBeenCalledTimes(1);
    } finally {
      unmount();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it("after a role change, has the user read again, reconnects at once and refetches everything under the new role", () => {
    vi.useFakeTimers();
    const sockets = fakeSockets();
    const client = new QueryClient();
    const refetch = vi.spyOn(client, "invalidateQueries");
    const refreshUser = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useLiveInvalidation("t1", refreshUser), { wrapper });
    try {
      sockets[0]!.onopen!();
      sockets[0]!.onclose!({ code: 4009 });
      expect(refreshUser).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(250);
      expect(sockets).toHaveLength(2);
      sockets[1]!.onopen!();
      expect(refetch).toHaveBeenCalledTimes(1);
    } finally {
      unmount();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});

type FakeSocket = {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
};

/** Stands in for the browser's WebSocket; answers the sockets the hook opened, in order. */
function fakeSockets(): FakeSocket[] {
  const sockets: FakeSocket[] = [];
  class Fake implements FakeSocket {
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    onerror: (() => void) | null = null;
    constructor() {
      sockets.push(this);
    }
    close() {}
  }
  vi.stubGlobal("WebSocket", Fake);
  return sockets;
}
