import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./api-client";

const early = (token: string, answers: Record<string, Promise<Response>>) => {
  window.__procureEarly = { token, answers };
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("answers asked for before the code arrived", () => {
  afterEach(() => {
    delete window.__procureEarly;
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it("serve the first call of their path once, for the same session; later calls ask again", async () => {
    localStorage.setItem("token", "t1");
    early("t1", { "/api/me": Promise.resolve(json({ user: "early" })) });
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => json({ user: "fresh" }));
    expect(await api.get("/api/me")).toEqual({ user: "early" });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await api.get("/api/me")).toEqual({ user: "fresh" });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("are ignored for another session and dropped", async () => {
    localStorage.setItem("token", "t2");
    early("t1", { "/api/me": Promise.resolve(json({ user: "early" })) });
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json({ user: "fresh" }));
    expect(await api.get("/api/me")).toEqual({ user: "fresh" });
    expect(window.__procureEarly).toBeUndefined();
  });

  it("go through the same checks as any answer: a 401 is an error", async () => {
    localStorage.setItem("token", "t1");
    early("t1", { "/api/dashboard": Promise.resolve(json({ error: { code: "unauthorized", message: "Sign in again." } }, 401)) });
    await expect(api.get("/api/dashboard")).rejects.toThrow("Sign in again.");
  });

  it("fall back to a fresh request when the early one failed on the network", async () => {
    localStorage.setItem("token", "t1");
    const failed = Promise.reject(new TypeError("Failed to fetch"));
    failed.catch(() => {});
    early("t1", { "/api/inbox": failed });
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json({ pendingRequests: 1 }));
    expect(await api.get("/api/inbox")).toEqual({ pendingRequests: 1 });
  });

  it("are not taken by a call that was cancelled meanwhile", async () => {
    localStorage.setItem("token", "t1");
    early("t1", { "/api/me": Promise.resolve(json({ user: "early" })) });
    const controller = new AbortController();
    controller.abort();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => json({ user: "fresh" }));
    await expect(api.get("/api/me", controller.signal)).rejects.toThrow();
    expect(await api.get("/api/me")).toEqual({ user: "early" });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
