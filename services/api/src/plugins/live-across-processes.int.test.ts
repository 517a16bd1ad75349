import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKeys, type LiveMessage, type Role } from "@procure/contracts";
import type { Runtime } from "@procure/infra/runtime";
import { startSecondApi } from "@procure/infra/testing/second-api";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
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
  expect((await a.call("POST", "/api/users", { token: users.admin.token, body: { email, role, password: "secret-pass" } })).statusCode).toBe(201);
  const login = await a.call("POST", "/api/auth/login", { body: { email, password: "secret-pass" } });
  return { id: login.json().user.id as string, token: login.json().token as string };
}

const changeRole = async (userId: string, role: Role) =>
  expect((await a.call("PATCH", `/api/users/${userId}`, { token: users.admin.token, body: { role } })).statusCode).toBe(200);
const newOrder = async () =>
  (await a.call("POST", "/api/orders", { token: users.buyer.token, body: { total: 5, vendor_name: "Across Ltd" } })).json().id as string;
const newRequest = async () =>
  (await a.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Across", amount: 4 } })).json().id as string;
const resyncs = (m: LiveMessage) => m.type === "resync";

describe("a user's change made through one API process", () => {
  it("a logout through A closes the user's socket on B", async () => {
    const leaving = await newUser("approver");
    const socket = await onB(leaving.token);
    expect((await a.call("POST", "/api/auth/logout", { token: leaving.token })).statusCode).toBe(204);
    expect(await closeWithin(socket, 5_000)).toEqual({ code: 4001, reason: "signed out" });
  });

  it("a role change through A re-scopes the user's socket on B: it hears the new role's invalidations, not the old one's", async () => {
    const member = await newUser("approver");
    const socket = await onB(member.token);
    // A buyer's socket on B: once it heard an order's invalidation, B has passed that one to every socket it holds.
    const buyer = await onB(users.buyer.token);

    // Promoted to buyer: orders, which an approver does not hear, reach the socket.
    await changeRole(member.id, "buyer");
    expect(await socket.waitFor(resyncs, 5_000), "told to refetch with the new role").not.toBeNull();
    const heard = await newOrder();
    expect(await socket.waitFor(invalidates(cacheKeys.order(heard)), 5_000), "hears orders as a buyer").not.toBeNull();

    // Demoted back to approver: an order made now is not heard, while a request, which an approver hears, is.
    socket.messages.length = 0;
    await changeRole(member.id, "approver");
    expect(await socket.waitFor(resyncs, 5_000), "told to refetch with the new role").not.toBeNull();
    const unheard = await newOrder();
    expect(await buyer.waitFor(invalidates(cacheKeys.order(unheard)), 5_000), "B passed the order on").not.toBeNull();
    const request = await newRequest();
    expect(await socket.waitFor(invalidates(cacheKeys.request(request)), 5_000), "hears requests as an approver").not.toBeNull();
    expect(socket.messages.some(invalidates(cacheKeys.order(unheard))), "an approver hears no orders").toBe(false);

    socket.socket.close();
    buyer.socket.close();
  });
});
