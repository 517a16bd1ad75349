import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKeys, liveCloseCodes, type Role } from "@procure/contracts";
import type { Runtime } from "@procure/infra/runtime";
import { startSecondApi } from "@procure/infra/testing/second-api";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, testPassword, type TestUser } from "@procure/infra/testing/users";
import { closeWithin, invalidates, openLiveSocket } from "@procure/infra/testing/live-socket";

/**
 * Two API processes over one database and one NATS: A runs everything, B only the API, as a service scaled to two
 * does. What is done through A reaches the sockets B holds. The embedded defaults run one process: B is A there.
 */
let a: TestApp;
let b: Runtime | null = null;
let users: Record<Role, TestUser>;

beforeAll(async () => {
  a = await startTestApp("liveacross");
  users = await createUsers(a);
  b = await startSecondApi(a);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const onB = (token: string) => openLiveSocket(`${b?.url ?? a.url}/api/live`, ["bearer", token]);

async function newUser(role: Role) {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await a.call("POST", "/api/users", { token: users.admin.token, body: { email, role, password: testPassword } })).statusCode).toBe(201);
  const login = await a.call("POST", "/api/auth/login", { body: { email, password: testPassword } });
  return { id: login.json().user.id as string, token: login.json().token as string };
}

const changeRole = async (userId: string, role: Role) =>
  expect((await a.call("PATCH", `/api/users/${userId}`, { token: users.admin.token, body: { role } })).statusCode).toBe(200);
const newOrder = async () =>
  (await a.call("POST", "/api/orders", { token: users.buyer.token, body: { total: 5, vendor_name: "Across Ltd" } })).json().id as string;
const newRequest = async () =>
  (await a.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Across", amount: 4 } })).json().id as string;
const roleChanged = { code: liveCloseCodes.roleChanged, reason: "role changed" };

describe("a user's change made through one API process", () => {
  it("a logout through A closes the user's socket on B", async () => {
    const leaving = await newUser("approver");
    const socket = await onB(leaving.token);
    expect((await a.call("POST", "/api/auth/logout", { token: leaving.token })).statusCode).toBe(204);
    expect(await closeWithin(socket, 5_000)).toEqual({ code: 4001, reason: "signed out" });
  });

  it("a role change through A closes the user's socket on B; the one the client opens again hears the new role's invalidations, not the old one's", async () => {
    const member = await newUser("approver");
    // A buyer's socket on B: once it heard an order's invalidation, B has passed that one to every socket it holds.
    const buyer = await onB(users.buyer.token);

    // Promoted to buyer: orders, which an approver does not hear, reach the socket opened again.
    const asApprover = await onB(member.token);
    await changeRole(member.id, "buyer");
    expect(await closeWithin(asApprover, 5_000)).toEqual(roleChanged);
    const asBuyer = await onB(member.token);
    const heard = await newOrder();
    expect(await asBuyer.waitFor(invalidates(cacheKeys.order(heard)), 5_000), "hears orders as a buyer").not.toBeNull();

    // Demoted back to approver: an order made now is not heard, while a request, which an approver hears, is.
    await changeRole(member.id, "approver");
    expect(await closeWithin(asBuyer, 5_000)).toEqual(roleChanged);
    const demoted = await onB(member.token);
    const unheard = await newOrder();
    expect(await buyer.waitFor(invalidates(cacheKeys.order(unheard)), 5_000), "B passed the order on").not.toBeNull();
    const request = await newRequest();
    expect(await demoted.waitFor(invalidates(cacheKeys.request(request)), 5_000), "hears requests as an approver").not.toBeNull();
    expect(demoted.messages.some(invalidates(cacheKeys.order(unheard))), "an approver hears no orders").toBe(false);

    demoted.socket.close();
    buyer.socket.close();
  });

  it("a demoted admin's socket on B closes, and the one opened again hears no change to members or approval rules", async () => {
    const former = await newUser("admin");
    const watcher = await onB(users.admin.token);
    const asAdmin = await onB(former.token);
    await changeRole(former.id, "requester");
    expect(await closeWithin(asAdmin, 5_000)).toEqual(roleChanged);
    const demoted = await onB(former.token);
    watcher.messages.length = 0;

    await newUser("buyer");
    const rule = await a.call("POST", "/api/approval-rules", { token: users.admin.token, body: { min_amount: 90_000, stages: ["approver"] } });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(await watcher.waitFor(invalidates(cacheKeys.users()), 5_000), "B passed the members' change on").not.toBeNull();
    expect(await watcher.waitFor(invalidates(cacheKeys.approvalRules()), 5_000), "B passed the rules' change on").not.toBeNull();
    // The former admin's own request, heard after both on the same socket, shows that both had their turn.
    const own = (await a.call("POST", "/api/requests", { token: former.token, body: { title: "Mine now", amount: 3 } })).json().id as string;
    expect(await demoted.waitFor(invalidates(cacheKeys.request(own)), 5_000), "hears their own request").not.toBeNull();
    expect(demoted.messages.some(invalidates(cacheKeys.users())), "a requester hears no member changes").toBe(false);
    expect(demoted.messages.some(invalidates(cacheKeys.approvalRules())), "a requester hears no rule changes").toBe(false);

    demoted.socket.close();
    watcher.socket.close();
  });
});
