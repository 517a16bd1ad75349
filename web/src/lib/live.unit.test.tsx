import { describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { applyLiveMessage, backoffDelay, liveProtocols, liveUrl } from "./live";

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
});
