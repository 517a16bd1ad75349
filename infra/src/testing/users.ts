import type { Role } from "@procure/contracts";
import type { TestApp } from "./test-app.ts";

export type TestUser = { id: string; email: string; role: Role; token: string };

/** Signs up the workspace's first admin, who then creates one user per role asked for. */
export async function createUsers(t: TestApp, wanted: Role[] = ["requester", "approver", "buyer", "finance"]) {
  const signup = await t.call("POST", "/api/auth/signup", { body: { email: `admin-${Date.now()}@example.com`, password: "secret-pass", role: "admin" } });
  if (signup.statusCode !== 201) throw new Error(`admin signup failed: ${signup.body}`);
  const admin: TestUser = { ...signup.json().user, token: signup.json().token };
  const users: Partial<Record<Role, TestUser>> = { admin };
  for (const role of wanted) {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await t.call("POST", "/api/users", { token: admin.token, body: { email, role, password: "secret-pass" } });
    if (created.statusCode !== 201) throw new Error(`creating ${role} failed: ${created.body}`);
    const login = await t.call("POST", "/api/auth/login", { body: { email, password: "secret-pass" } });
    users[role] = { ...login.json().user, token: login.json().token };
  }
  return users as Record<Role, TestUser>;
}
