import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sql } from "kysely";
import {
  authResponse,
  deactivatedMessage,
  errorBody,
  lastAdminMessage,
  passwordChangeRequiredMessage,
  resetPasswordResponse,
  user,
  type Role,
} from "@procure/contracts";
import type { Runtime } from "@procure/infra/runtime";
import { startSecondApi } from "@procure/infra/testing/second-api";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { closeWithin, openLiveSocket } from "@procure/infra/testing/live-socket";

/**
 * Deactivation, reactivation, password resets and the forced change, through A; on Postgres and NATS a second
 * API process B holds sockets too, as a service scaled to two does (the embedded defaults run one: B is A there).
 */
let a: TestApp;
let b: Runtime | null = null;
let users: Record<Role, TestUser>;
beforeAll(async () => {
  a = await startTestApp("people");
  users = await createUsers(a);
  b = await startSecondApi(a);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const asAdmin = { token: () => users.admin.token };
const patch = (id: string, body: unknown, token = asAdmin.token()) => a.call("PATCH", `/api/users/${id}`, { token, body });
const login = (email: string, password: string) => a.call("POST", "/api/auth/login", { body: { email, password } });
const eventsOf = async (id: string) =>
  (await sql<{ type: string; data: unknown }>`select type, data from events where stream_id = ${`user-${id}`} order by stream_version`.execute(a.runtime.db))
    .rows;

async function member(role: Role, password = "secret-pass-4821") {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await a.call("POST", "/api/users", { token: asAdmin.token(), body: { email, role, password } });
  expect(created.statusCode, created.body).toBe(201);
  const signedIn = authResponse.parse((await login(email, password)).json());
  return { id: signedIn.user.id, email, token: signedIn.token };
}

describe("deactivating a member", () => {
  it("ends their sessions at once, on every process, and they cannot sign in until reactivated", async () => {
    const leaving = await member("approver");
    const socket = await openLiveSocket(`${b?.url ?? a.url}/api/live`, ["bearer", leaving.token]);

    const off = await patch(leaving.id, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(user.parse(off.json())).toMatchObject({ id: leaving.id, active: false, role: "approver" });
    expect(await closeWithin(socket, 5_000)).toEqual({ code: 4001, reason: "signed out" });
    expect((await a.call("GET", "/api/requests", { token: leaving.token })).statusCode).toBe(401);

    const refused = await login(leaving.email, "secret-pass-4821");
    expect(refused.statusCode).toBe(403);
    expect(errorBody.parse(refused.json()).error).toMatchObject({ code: "account_deactivated", message: deactivatedMessage });
    // A wrong password still says only that the sign-in failed.
    expect((await login(leaving.email, "not-the-password")).statusCode).toBe(401);

    expect((await patch(leaving.id, { active: true })).statusCode).toBe(200);
    const back = await login(leaving.email, "secret-pass-4821");
    expect(back.statusCode).toBe(200);
    expect((await a.call("GET", "/api/requests", { token: back.json().token })).statusCode).toBe(200);
    expect((await eventsOf(leaving.id)).map((e) => e.type)).toEqual(["UserRegistered", "UserDeactivated", "UserReactivated"]);
  });

  it("shows in the member list, and a deactivated member is not taken as a work order's owner", async () => {
    const buyer = await member("buyer");
    expect((await patch(buyer.id, { active: false, role: "finance" })).statusCode).toBe(200);
    const list = z.array(user).parse((await a.call("GET", "/api/users", { token: asAdmin.token() })).json());
    expect(list.find((u) => u.id === buyer.id)).toMatchObject({ active: false, role: "finance" });
    expect((await eventsOf(buyer.id)).map((e) => e.type)).toEqual(["UserRegistered", "UserRoleChanged", "UserDeactivated"]);

    expect((await patch(buyer.id, { role: "buyer" })).statusCode).toBe(200);
    const order = await a.call("POST", "/api/work-orders", {
      body: { requesterEmail: "someone@example.com", requesterName: "Someone", title: "Fix the door" },
    });
    expect(order.statusCode, order.body).toBe(201);
    const assign = await a.call("PATCH", `/api/work-orders/${order.json().id}`, { token: users.buyer.token, body: { owner_id: buyer.id } });
    expect(assign.statusCode, assign.body).toBe(400);
  });

  it("of the last active admin is refused (409), and so is demoting the one active admin beside a deactivated one", async () => {
    const alone = await patch(users.admin.id, { active: false });
    expect(alone.statusCode).toBe(409);
    expect(errorBody.parse(alone.json()).error.message).toBe(lastAdminMessage);

    const second = await member("admin");
    expect((await patch(second.id, { active: false })).statusCode).toBe(200);
    const demote = await patch(users.admin.id, { role: "buyer" });
    expect(demote.statusCode).toBe(409);
    const both = await patch(users.admin.id, { role: "buyer", active: false });
    expect(both.statusCode).toBe(409);
    // Refused whole: nothing of it was recorded.
    expect((await eventsOf(users.admin.id)).map((e) => e.type)).toEqual(["UserRegistered"]);
  });

  it("answers 400 for an empty change or a bad value, 404 for an unknown member, 403 for anyone but an admin", async () => {
    expect((await patch(users.buyer.id, {})).statusCode).toBe(400);
    expect((await patch(users.buyer.id, { active: "no" })).statusCode).toBe(400);
    expect((await patch("00000000-0000-4000-8000-000000000000", { active: false })).statusCode).toBe(404);
    const refused = await patch(users.approver.id, { active: false }, users.buyer.token);
    expect(refused.statusCode).toBe(403);
  });
});

describe("a password reset", () => {
  it("shows a temporary password once, keeps it out of the log, ends sessions, and forces a change at sign-in", async () => {
    const forgetful = await member("buyer");
    const socket = await openLiveSocket(`${b?.url ?? a.url}/api/live`, ["bearer", forgetful.token]);
    const reset = await a.call("POST", `/api/users/${forgetful.id}/reset-password`, { token: asAdmin.token(), headers: { "idempotency-key": "reset-1" } });
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporaryPassword } = resetPasswordResponse.parse(reset.json());
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await closeWithin(socket, 5_000)).toEqual({ code: 4001, reason: "signed out" });

    const replay = await a.call("POST", `/api/users/${forgetful.id}/reset-password`, { token: asAdmin.token(), headers: { "idempotency-key": "reset-1" } });
    expect(resetPasswordResponse.parse(replay.json()).temporaryPassword).toBeNull();
    const events = await eventsOf(forgetful.id);
    expect(events.map((e) => e.type)).toEqual(["UserRegistered", "UserPasswordReset"]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where data::text like ${`%${temporaryPassword}%`}`.execute(a.runtime.db);
    expect(rows[0]!.n).toBe(0);

    expect((await login(forgetful.email, "secret-pass-4821")).statusCode).toBe(401);
    const signedIn = authResponse.parse((await login(forgetful.email, temporaryPassword!)).json());
    expect(signedIn.mustChangePassword).toBe(true);
    const blocked = await a.call("GET", "/api/orders", { token: signedIn.token });
    expect(blocked.statusCode).toBe(403);
    expect(errorBody.parse(blocked.json()).error).toMatchObject({ code: "password_change_required", message: passwordChangeRequiredMessage });
    expect((await a.call("GET", "/api/me", { token: signedIn.token })).statusCode).toBe(200);

    const change = (body: unknown) => a.call("POST", "/api/auth/password", { token: signedIn.token, body });
    expect((await change({ currentPassword: "wrong", newPassword: "brand-new-pass" })).statusCode).toBe(400);
    expect((await change({ currentPassword: temporaryPassword, newPassword: temporaryPassword })).statusCode).toBe(400);
    expect((await change({ currentPassword: temporaryPassword, newPassword: "x" })).statusCode).toBe(400);
    const changed = await change({ currentPassword: temporaryPassword, newPassword: "brand-new-pass" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(authResponse.parse(changed.json()).mustChangePassword).toBe(false);
    // The session that chose the password goes on, under the token it had or the one the change answered.
    expect((await a.call("GET", "/api/orders", { token: signedIn.token })).statusCode).toBe(200);
    expect((await a.call("GET", "/api/orders", { token: authResponse.parse(changed.json()).token })).statusCode).toBe(200);
    expect(authResponse.parse((await login(forgetful.email, "brand-new-pass")).json()).mustChangePassword).toBe(false);
    expect((await eventsOf(forgetful.id)).map((e) => e.type)).toEqual(["UserRegistered", "UserPasswordReset", "UserPasswordChanged"]);
  });

  it("is for admins only, and answers 404 for an unknown member", async () => {
    expect((await a.call("POST", `/api/users/${users.buyer.id}/reset-password`, { token: users.buyer.token })).statusCode).toBe(403);
    expect((await a.call("POST", "/api/users/00000000-0000-4000-8000-000000000000/reset-password", { token: asAdmin.token() })).statusCode).toBe(404);
  });
});

describe("an invitation", () => {
  it("with a generated password must be changed at first sign-in; one the admin chose need not, unless asked", async () => {
    const invite = async (body: Record<string, unknown>) => {
      const email = `invite-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await a.call("POST", "/api/users", { token: asAdmin.token(), body: { email, ...body } });
      return { email, password: (body.password as string | undefined) ?? (res.json().temporaryPassword as string) };
    };
    const generated = await invite({});
    expect(authResponse.parse((await login(generated.email, generated.password)).json()).mustChangePassword).toBe(true);
    const chosen = await invite({ password: "chosen-pass-4821" });
    expect(authResponse.parse((await login(chosen.email, chosen.password)).json()).mustChangePassword).toBe(false);
    const asked = await invite({ password: "chosen-pass-4821", mustChangePassword: true });
    expect(authResponse.parse((await login(asked.email, asked.password)).json()).mustChangePassword).toBe(true);
  });
});

describe("the member list", () => {
  it("is searched on the server by part of an email, case-insensitive, with LIKE's wildcards taken literally", async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 6)}`;
    await a.call("POST", "/api/users", { token: asAdmin.token(), body: { email: `${tag}.one@example.com`, password: "secret-pass-4821" } });
    await a.call("POST", "/api/users", { token: asAdmin.token(), body: { email: `${tag}_two@example.com`, password: "secret-pass-4821" } });
    const search = async (q: string) =>
      z
        .array(user)
        .parse((await a.call("GET", `/api/users?q=${encodeURIComponent(q)}`, { token: asAdmin.token() })).json())
        .map((u) => u.email);
    expect(await search(tag.toUpperCase())).toEqual([`${tag}.one@example.com`, `${tag}_two@example.com`]);
    expect(await search(`${tag}_`)).toEqual([`${tag}_two@example.com`]);
    expect(await search(`${tag}%`)).toEqual([]);
    expect((await a.call("GET", `/api/users?q=${"x".repeat(300)}`, { token: asAdmin.token() })).statusCode).toBe(400);
  });
});
