import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sql } from "kysely";
import { createUserResponse, emailMessage, emailTakenMessage, errorBody, lastAdminMessage, meResponse, user, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("users");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

describe("workspace members", () => {
  it("lets an admin invite with a generated temporary password that then signs in", async () => {
    const res = await t.call("POST", "/api/users", { token: users.admin.token, body: { email: "New.Hire@Example.com", role: "buyer", password: "" } });
    expect(res.statusCode).toBe(201);
    const { user: created, temporaryPassword } = createUserResponse.parse(res.json());
    expect(created).toMatchObject({ email: "new.hire@example.com", role: "buyer" });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const login = await t.call("POST", "/api/auth/login", { body: { email: "new.hire@example.com", password: temporaryPassword } });
    expect(login.statusCode).toBe(200);
    expect(meResponse.parse((await t.call("GET", "/api/me", { token: login.json().token })).json()).user.role).toBe("buyer");
  });

  it("defaults the role to requester and lists every member for admins", async () => {
    const res = await t.call("POST", "/api/users", { token: users.admin.token, body: { email: "plain@example.com" } });
    expect(createUserResponse.parse(res.json()).user.role).toBe("requester");
    const list = z.array(user).parse((await t.call("GET", "/api/users", { token: users.admin.token })).json());
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining(["plain@example.com", users.buyer.email, users.admin.email]));
  });

  it("answers 409 for a taken email and 400 for an invalid one, with the spec's messages", async () => {
    const taken = await t.call("POST", "/api/users", { token: users.admin.token, body: { email: users.approver.email, role: "approver" } });
    expect(taken.statusCode).toBe(409);
    expect(errorBody.parse(taken.json()).error.message).toBe(emailTakenMessage);
    const invalid = await t.call("POST", "/api/users", { token: users.admin.token, body: { email: "no-at-sign" } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(emailMessage);
  });

  it("is for admins only (403 in the error shape), and signed-out callers get 401", async () => {
    for (const role of ["requester", "approver", "buyer", "finance"] as const) {
      const list = await t.call("GET", "/api/users", { token: users[role].token });
      expect(list.statusCode, role).toBe(403);
      expect(errorBody.parse(list.json()).error.code).toBe("forbidden");
      const invite = await t.call("POST", "/api/users", { token: users[role].token, body: { email: `${role}-invite@example.com` } });
      expect(invite.statusCode, role).toBe(403);
    }
    expect((await t.call("GET", "/api/users")).statusCode).toBe(401);
  });
});

describe("a member's role", () => {
  const changeRole = (token: string, id: string, body: unknown) => t.call("PATCH", `/api/users/${id}`, { token, body });
  const invite = async (role: Role, adminToken = users.admin.token) => {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await t.call("POST", "/api/users", { token: adminToken, body: { email, role, password: "secret-pass-4821" } });
    const login = (await t.call("POST", "/api/auth/login", { body: { email, password: "secret-pass-4821" } })).json();
    return { id: login.user.id as string, token: login.token as string };
  };

  it("is changed by an admin, holds from the answer on, and shows in the member list", async () => {
    const member = await invite("buyer");
    expect((await t.call("GET", "/api/work-orders", { token: member.token })).statusCode).toBe(200);

    const changed = await changeRole(users.admin.token, member.id, { role: "finance" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(user.parse(changed.json())).toMatchObject({ id: member.id, role: "finance" });
    // The same token, with the new role's rights at once.
    expect((await t.call("GET", "/api/work-orders", { token: member.token })).statusCode).toBe(403);
    expect(meResponse.parse((await t.call("GET", "/api/me", { token: member.token })).json()).user.role).toBe("finance");
    const list = z.array(user).parse((await t.call("GET", "/api/users", { token: users.admin.token })).json());
    expect(list.find((u) => u.id === member.id)?.role).toBe("finance");
    const events = await sql<{ type: string }>`select type from events where stream_id = ${`user-${member.id}`} order by stream_version`.execute(t.runtime.db);
    expect(events.rows.map((e) => e.type)).toEqual(["UserRegistered", "UserRoleChanged"]);
  });

  it("answers 404 for an unknown user, 400 for a bad role or id, 403 for anyone but an admin", async () => {
    const unknown = await changeRole(users.admin.token, "00000000-0000-4000-8000-000000000000", { role: "buyer" });
    expect(unknown.statusCode).toBe(404);
    expect(errorBody.parse(unknown.json()).error.code).toBe("not_found");
    expect((await changeRole(users.admin.token, users.buyer.id, { role: "owner" })).statusCode).toBe(400);
    expect((await changeRole(users.admin.token, users.buyer.id, {})).statusCode).toBe(400);
    expect((await changeRole(users.admin.token, "not-a-uuid", { role: "buyer" })).statusCode).toBe(400);
    for (const role of ["requester", "approver", "buyer", "finance"] as const) {
      const refused = await changeRole(users[role].token, users[role].id, { role: "admin" });
      expect(refused.statusCode, role).toBe(403);
      expect(errorBody.parse(refused.json()).error.code).toBe("forbidden");
    }
  });

  it("of the last admin cannot be taken away (409), also when two admins demote each other at once", async () => {
    const alone = await changeRole(users.admin.token, users.admin.id, { role: "buyer" });
    expect(alone.statusCode).toBe(409);
    expect(errorBody.parse(alone.json()).error.message).toBe(lastAdminMessage);

    // Each round a remaining admin invites another, and the two demote each other at once: one of them stays admin.
    let admin = { id: users.admin.id, token: users.admin.token };
    for (let round = 0; round < 5; round++) {
      const second = await invite("admin", admin.token);
      const answers = await Promise.all([changeRole(admin.token, second.id, { role: "requester" }), changeRole(second.token, admin.id, { role: "requester" })]);
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.filter((code) => code === 200),
        codes.join(),
      ).toHaveLength(1);
      // The loser is refused by the count (409), or, when it came in after the winner's commit, by its new role (403).
      expect([403, 409]).toContain(codes.find((code) => code !== 200));
      if (codes[1] === 200) admin = second;
    }
    const list = z.array(user).parse((await t.call("GET", "/api/users", { token: admin.token })).json());
    expect(list.filter((u) => u.role === "admin")).toHaveLength(1);
  });
});
