import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { errorBody } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
let requestId: string;
beforeAll(async () => {
  t = await startTestApp("malformed");
  users = await createUsers(t);
  requestId = (await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Base", amount: 1 } })).json().id;
});
afterAll(async () => {
  await t?.stop();
});

const huge = "x".repeat(20_000);
const invalidJson = '{"title": "broken",';

/** Per route, bodies a careless or hostile client sends. Every one must be a 400 with the error shape. */
const cases: { route: string; method: "POST" | "PATCH"; path: () => string; bodies: unknown[] }[] = [
  {
    route: "signup",
    method: "POST",
    path: () => "/api/auth/signup",
    bodies: [{}, { email: 42, password: "secret1" }, { email: "a@b.c", password: 123456 }, { email: huge + "@x.io", password: "secret1" }, { email: "a@b.c", password: "secret1", role: "emperor" }, invalidJson, "[]"],
  },
  { route: "login", method: "POST", path: () => "/api/auth/login", bodies: [{}, { email: "a@b.c" }, { email: ["a@b.c"], password: "x" }, invalidJson] },
  {
    route: "create request",
    method: "POST",
    path: () => "/api/requests",
    bodies: [{}, { title: "No amount" }, { amount: 5 }, { title: "Negative", amount: -1 }, { title: "Text amount", amount: "ten" }, { title: huge, amount: 1 }, { title: "  ", amount: 1 }, { title: "Bad category", amount: 1, category_id: "nope" }, { title: "Infinite", amount: 1e309 }, invalidJson, "null"],
  },
  { route: "update status", method: "PATCH", path: () => `/api/requests/${requestId}`, bodies: [{}, { status: "archived" }, { status: 1 }, { status: null }, invalidJson] },
  { route: "approve", method: "POST", path: () => `/api/requests/${requestId}/approve`, bodies: [{ comment: 5 }, { comment: huge }, invalidJson] },
  { route: "deny", method: "POST", path: () => `/api/requests/${requestId}/deny`, bodies: [{ comment: ["no"] }, invalidJson] },
  { route: "comment", method: "POST", path: () => `/api/requests/${requestId}/comments`, bodies: [{}, { body: "" }, { body: 7 }, { body: huge }, invalidJson] },
  { route: "create user", method: "POST", path: () => "/api/users", bodies: [{}, { email: "nobody" }, { email: "a@b.c", role: "owner" }, { email: "a@b.c", password: "123" }, invalidJson] },
];

const eventCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);

describe("malformed bodies on every route", () => {
  for (const { route, method, path, bodies } of cases) {
    it(`${route}: 400 with the error shape and nothing appended`, async () => {
      const before = await eventCount();
      for (const body of bodies) {
        const res = await t.call(method, path(), { token: users.admin.token, body: typeof body === "string" ? body : JSON.stringify(body) });
        expect(res.statusCode, `${route} ${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`).toBe(400);
        const parsed = errorBody.parse(res.json());
        expect(parsed.error.message.length).toBeGreaterThan(0);
      }
      expect(await eventCount()).toBe(before);
    });
  }

  it("a malformed id in the path is a 400, an unknown one a 404", async () => {
    expect((await t.call("GET", "/api/requests/not-a-uuid", { token: users.admin.token })).statusCode).toBe(400);
    expect((await t.call("GET", "/api/requests/00000000-0000-4000-8000-000000000000", { token: users.admin.token })).statusCode).toBe(404);
  });

  it("a body over the size limit is a 413 with the error shape", async () => {
    const res = await t.call("POST", "/api/requests", { token: users.admin.token, body: JSON.stringify({ title: "big", amount: 1, description: "y".repeat(2_000_000) }) });
    expect(res.statusCode).toBe(413);
    expect(errorBody.parse(res.json()).error.code).toBe("payload_too_large");
  });
});
