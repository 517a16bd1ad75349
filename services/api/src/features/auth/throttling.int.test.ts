import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { LOGIN_FAILURES_ALLOWED } from "./login-throttle.ts";

let t: TestApp;
let direct: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy with a loose per-address limit, as many real clients would reach it: only the
  // per-account throttle stands between a distributed guesser and the password.
  t = await startTestApp("throttle", { TRUST_PROXY: "true" });
  direct = await startTestApp("direct", { RATE_LIMIT_PUBLIC: "20" });
});
afterAll(async () => {
  await t?.stop();
  await direct?.stop();
});

const forged = (i: number) => ({ "x-forwarded-for": `203.0.113.${i + 1}` });

describe("throttling a client cannot dodge", () => {
  it("locks an account after repeated failures, whatever address each attempt claims", async () => {
    const email = "target@example.com";
    expect((await t.call("POST", "/api/auth/signup", { body: { email, password: "the-right-one" } })).statusCode).toBe(201);

    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push(await t.call("POST", "/api/auth/login", { body: { email, password: `guess-${i}` }, headers: forged(i) }));
    }
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, LOGIN_FAILURES_ALLOWED)).toEqual(Array(LOGIN_FAILURES_ALLOWED).fill(401));
    expect(answers[0]!.json().error.message).toBe("Invalid email or password. Please try again.");
    expect(statuses.slice(LOGIN_FAILURES_ALLOWED).every((s) => s === 429)).toBe(true);
    const locked = answers.at(-1)!;
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(60);
    expect(locked.json().error.code).toBe("rate_limited");

    // The right password does not get through a locked account either.
    const right = await t.call("POST", "/api/auth/login", { body: { email, password: "the-right-one" }, headers: forged(99) });
    expect(right.statusCode).toBe(429);
  });

  it("does not let X-Forwarded-For pose as a new address when no proxy is configured", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await direct.call("POST", "/api/auth/login", { body: { email: `nobody-${i}@example.com`, password: "x" }, headers: forged(i) });
      statuses.push(answer.statusCode);
    }
    // The per-address limit (20 a minute here) holds across forged addresses.
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});
