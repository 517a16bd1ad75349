import { describe, expect, it, vi } from "vitest";
import { api } from "./api-client";

const answer = (position?: string) =>
  new Response(JSON.stringify({ ok: true }), {
    status: 200,
    headers: { "content-type": "application/json", ...(position ? { "X-Procure-Position": position } : {}) },
  });
const sentAfter = (call: unknown[] | undefined) => new Headers((call?.[1] as RequestInit | undefined)?.headers).get("X-Procure-After");

describe("reads after a write", () => {
  it("send nothing before this tab wrote, then the latest position any write reached, whatever order the answers came in", async () => {
    const earlier = "0000000000000300000000000000000a";
    const later = "0000000000000301000000000000000b";
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    fetchSpy.mockResolvedValueOnce(answer());
    await api.get("/api/requests");
    expect(sentAfter(fetchSpy.mock.calls.at(-1))).toBeNull();

    fetchSpy.mockResolvedValueOnce(answer(later));
    await api.post("/api/requests", { title: "Lamp" });
    expect(sentAfter(fetchSpy.mock.calls.at(-1))).toBeNull();
    fetchSpy.mockResolvedValueOnce(answer(earlier));
    await api.post("/api/requests/1/approve", {});

    fetchSpy.mockResolvedValueOnce(answer());
    await api.get("/api/requests/1");
    expect(sentAfter(fetchSpy.mock.calls.at(-1))).toBe(later);
    fetchSpy.mockResolvedValueOnce(answer());
    await api.page("/api/orders");
    expect(sentAfter(fetchSpy.mock.calls.at(-1))).toBe(later);
    fetchSpy.mockResolvedValueOnce(new Response(new Blob(["x"])));
    await api.blob("/api/files/1");
    expect(sentAfter(fetchSpy.mock.calls.at(-1))).toBe(later);
  });
});
