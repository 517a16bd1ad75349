import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUserResponse, emailMessage, emailTakenMessage, errorBody, meResponse, user } from "@procure/contracts";
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
