import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { authResponse, cacheKeys, liveCloseCodes } from "@procure/contracts";
import { closeWithin, invalidates, openLiveSocket } from "@procure/infra/testing/live-socket";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("live");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

describe("the live websocket", () => {
  it("refuses a connection without a valid token", async () => {
    await expect(openLiveSocket(`${t.url}/api/live`)).rejects.toThrow(/401/);
    await expect(openLiveSocket(`${t.url}/api/live`, ["bearer", "forged.token.here"])).rejects.toThrow(/401/);
    // A token in the URL would land in proxy and request logs: it is not accepted.
    await expect(openLiveSocket(`${t.url}/api/live?token=${users.approver.token}`)).rejects.toThrow(/401/);
  });

  it("delivers the invalidation of a new request within a second, to the users allowed to see it", async () => {
    const approver = await openLiveSocket(`${t.url}/api/live`, ["bearer", users.approver.token]);
    const otherRequester = await t.call("POST", "/api/users", {
      token: users.admin.token,
      body: { email: "other@example.com", role: "requester", password: "secret-pass-4821" },
    });
    const otherToken = (await t.call("POST", "/api/auth/login", { body: { email: "other@example.com", password: "secret-pass-4821" } })).json().token;
    expect(otherRequester.statusCode).toBe(201);
    const outsider = await openLiveSocket(`${t.url}/api/live`, ["bearer", otherToken]);

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

  it("refuses the socket of a session whose temporary password waits to be changed, and lets it in once changed", async () => {
    const email = `temporary-${Date.now()}@example.com`;
    const temporary = "Temporary-lantern-7";
    const invited = await t.call("POST", "/api/users", {
      token: users.admin.token,
      body: { email, role: "approver", password: temporary, mustChangePassword: true },
    });
    expect(invited.statusCode).toBe(201);
    const signedIn = authResponse.parse((await t.call("POST", "/api/auth/login", { body: { email, password: temporary } })).json());
    expect(signedIn.mustChangePassword).toBe(true);

    const refused = await openLiveSocket(`${t.url}/api/live`, ["bearer", signedIn.token]);
    expect(await closeWithin(refused, 5_000)).toEqual({ code: liveCloseCodes.passwordChangeRequired, reason: "password change required" });
    expect(refused.messages).toEqual([]);

    const changed = await t.call("POST", "/api/auth/password", {
      token: signedIn.token,
      body: { currentPassword: temporary, newPassword: "Quiet harbour ledger" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const live = await openLiveSocket(`${t.url}/api/live`, ["bearer", authResponse.parse(changed.json()).token]);
    const created = await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Heard after the change", amount: 5 } });
    expect(await live.waitFor(invalidates(cacheKeys.request(created.json().id)), 5_000), "hears requests as an approver").not.toBeNull();
    live.socket.close();
  });

  it("holds at most ten sockets per user: an eleventh closes the oldest with 4008, and the ten others stay open", async () => {
    const sockets = [];
    for (let i = 0; i < 11; i++) sockets.push(await openLiveSocket(`${t.url}/api/live`, ["bearer", users.buyer.token]));
    const [oldest, ...rest] = sockets;
    expect(await closeWithin(oldest!, 5_000)).toEqual({ code: 4008, reason: "too many live connections" });

    // An invalidation every open socket must hear shows they are still served after the oldest was closed.
    const created = await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Heard by ten", amount: 3 } });
    const id: string = created.json().id;
    for (const live of rest) expect(await live.waitFor(invalidates(["requests", id]), 2_000)).not.toBeNull();
    expect(rest.map((live) => live.socket.readyState)).toEqual(rest.map((live) => live.socket.OPEN));
    for (const live of rest) live.socket.close();
  });
});
