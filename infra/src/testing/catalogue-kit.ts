import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { errorBody, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "./test-app.ts";
import { createUsers, type TestUser } from "./users.ts";

/** Shared by this feature's integration tests only: one app and one user per role for the test file. */
export type Ctx = { t: TestApp; users: Record<Role, TestUser> };

export function useTestApp(label: string, extraEnv: Record<string, string> = {}): Ctx {
  const ctx = {} as Ctx;
  beforeAll(async () => {
    ctx.t = await startTestApp(label, extraEnv);
    ctx.users = await createUsers(ctx.t);
  });
  afterAll(async () => {
    await ctx.t?.stop();
  });
  return ctx;
}

/** Calls the API as a role (null: signed out). */
export function caller(ctx: Ctx) {
  return (method: string, url: string, as: Role | null, body?: unknown) => ctx.t.call(method, url, { token: as ? ctx.users[as].token : undefined, body });
}

type Response = Awaited<ReturnType<TestApp["call"]>>;

/** The contract check: the status is the expected one and the body parses with the contracts schema. */
export function answer<S extends z.ZodType>(response: Response, status: number, schema: S): z.infer<S> {
  expect(response.statusCode, response.body).toBe(status);
  return schema.parse(response.json());
}

/** An error answer in the one shared shape; returns its message. */
export function failure(response: Response, status: number): string {
  return answer(response, status, errorBody).error.message;
}

export const otherRoles = (allowed: readonly Role[]): Role[] =>
  (["requester", "approver", "buyer", "finance", "admin"] as const).filter((r) => !allowed.includes(r));
