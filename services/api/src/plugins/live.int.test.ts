import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { liveMessage, type LiveMessage } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("live");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

/** Opens /api/live and collects its messages. */
async function listen(url: string, protocols?: string[]) {
  const messages: LiveMessage[] = [];
  const socket = new WebSocket(url.replace(/^http/, "ws"), protocols);
  socket.on("message", (data) => messages.push(liveMessage.parse(JSON.parse(String(data)))));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
  });
  const waitFor = async (predicate: (m: LiveMessage) => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    return null;
  };
  return { socket, messages, waitFor };
}

const invalidates = (key: string[]) => (m: LiveMessage) =>
  m.type === "invalidate" && m.keys.some((k) => k.length === key.length && k.every((part, i) => part === key[i]));

describe("the live websocket", () => {
  it("refuses a connection without a valid token", async () => {
    await expect(listen(`${t.url}/api/live`)).rejects.toThrow(/401/);
    await expect(listen(`${t.url}/api/live`, ["bearer", "forged.token.here"])).rejects.toThrow(/401/);
    // A token in the URL would land in proxy and request logs: it is not accepted.
    await expect(listen(`${t.url}/api/live?token=${users.approver.token}`)).rejects.toThrow(/401/);
  });

  it("delivers the invalidation of a new request within a second, to the users allowed to see it", async () => {
    const approver = await listen(`${t.url}/api/live`, ["bearer", users.approver.token]);
    const otherRequester = await t.call("POST", "/api/users", {
      token: users.admin.token,
      body: { email: "other@example.com", role: "requester", password: "secret1" },
    });
    const otherToken = (await t.call("POST", "/api/auth/login", { body: { email: "other@example.com", password: "secret1" } })).json().token;
    expect(otherRequester.statusCode).toBe(201);
    const outsider = await listen(`${t.url}/api/live`, ["bearer", otherToken]);

    const started = Date.now();
    const created = await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Live one", amount: 12 } });
    const id: string = created.json().id;
    const got = await approver.waitFor(invalidates(["requests", id]), 1_000);
    expect(got, "approver heard about the request").not.toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await approver.waitFor(invalidates(["inbox"]), 1_000)).not.toBeNull();

    await outsider.waitFor(invalidates(["inbox"]), 1_000);
    expect(outsider.messages.some(invalidates(["requests", id]))).toBe(false);
    approver.socket.close();
    outsider.socket.close();
  });
});
