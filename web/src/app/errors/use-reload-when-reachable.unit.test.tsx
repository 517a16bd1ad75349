import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { useReloadWhenReachable } from "./use-reload-when-reachable";

describe("a section whose code could not be fetched", () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("does not reload while the server cannot be reached, keeps asking, and reloads once it answers", async () => {
    let up = false;
    const fetcher = vi.fn(async () => {
      if (!up) throw new TypeError("Failed to fetch");
      return new Response("<!doctype html>", { status: 200 });
    });
    vi.stubGlobal("fetch", fetcher);
    const reload = vi.fn();
    const { result } = renderHook(() => useReloadWhenReachable(true, "/app/vendors", reload));

    await waitFor(() => expect(result.current).toBe("unreachable"));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    expect(reload).not.toHaveBeenCalled();

    up = true;
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(result.current).toBe("reloading");
  });

  it("counts a proxy's error page as unreachable", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Bad gateway", { status: 502 })),
    );
    const reload = vi.fn();
    const { result } = renderHook(() => useReloadWhenReachable(true, "/app/orders", reload));
    await waitFor(() => expect(result.current).toBe("unreachable"));
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads a page at most once in half a minute when the server answers but the code still fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<!doctype html>", { status: 200 })),
    );
    const reload = vi.fn();
    const first = renderHook(() => useReloadWhenReachable(true, "/app/catalog", reload));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();
    const second = renderHook(() => useReloadWhenReachable(true, "/app/catalog", reload));
    await waitFor(() => expect(second.result.current).toBe("stuck"));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
