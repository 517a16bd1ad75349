import type { Role } from "@procure/contracts";
import type { TestApp } from "./test-app.ts";

export type TestUser = { id: string; email: string; role: Role; token: string };

/** Every test member's password: long enough for the workspace's password rule and not an easy guess. */
export const testPassword = "secret-pass-4821";

/**
 * Another member of `role`, created by an admin and signed in: a second person where separation of duties asks for
 * one (the stage after theirs, an invoice they recorded or approved).
 */
export async function addUser(t: TestApp, admin: Pick<TestUser, "token">, role: Role): Promise<TestUser> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await t.call("POST", "/api/users", { token: admin.token, body: { email, role, password: testPassword } });
  if (created.statusCode !== 201) throw new Error(`creating ${role} failed: ${created.body}`);
  const login = await t.call("POST", "/api/auth/login", { body: { email, password: testPassword } });
  return { ...login.json().user, token: login.json().token };
}

/** Signs up the workspace's first admin, who then creates one user per role asked for. */
export async function createUsers(t: TestApp, wanted: Role[] = ["requester", "approver", "buyer", "finance"]) {
  const signup = await t.call("POST", "/api/auth/signup", { body: { email: `admin-${Date.now()}@example.com`, password: testPassword, role: "admin" } });
  if (signup.statusCode !== 201) throw new Error(`admin signup failed: ${signup.body}`);
  const admin: TestUser = { ...signup.json().user, token: signup.json().token };
  const users: Partial<Record<Role, TestUser>> = { admin };
  for (const role of wanted) users[role] = await addUser(t, admin, role);
  return users as Record<Role, TestUser>;
}
