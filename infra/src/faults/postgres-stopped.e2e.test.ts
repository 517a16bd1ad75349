import { afterAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../testing/test-services.ts";
import { freePort } from "../testing/free-port.ts";
import { startProductProcess, type Child } from "../testing/child-process.ts";
import { startPrivatePostgres } from "../testing/private-postgres.ts";

/**
 * A Postgres cluster of the test's own is stopped under a running product: every route answers 503 with
 * Retry-After in the error shape (none hangs, none is a 500), and the product serves again once it is back.
 */
let postgres: Awaited<ReturnType<typeof startPrivatePostgres>> | null = null;
let services: TestServices | null = null;
let product: Child | null = null;
const savedUrl = process.env.DATABASE_URL;

afterAll(async () => {
  await product?.kill("SIGKILL");
  await services?.cleanup().catch(() => {});
  postgres?.remove();
});

describe.skipIf(!savedUrl)("a stopped Postgres server", () => {
  it("is answered with 503 and Retry-After on every kind of route, and the product recovers", async () => {
    postgres = await startPrivatePostgres();
    process.env.DATABASE_URL = postgres.url;
    services = await createTestServices("pgstop");
    process.env.DATABASE_URL = savedUrl;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { ...services.env, PORT: String(port) };
    delete (env as Record<string, string>).NATS_URL;
    product = await startProductProcess(env);
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@example.com", password: "secret-pass-4821", role: "admin" }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };

    postgres.stop("immediate");
    const calls = [
      fetch(`${url}/api/requests`, { headers: auth }),
      fetch(`${url}/api/requests`, { method: "POST", headers: auth, body: JSON.stringify({ title: "During the outage", amount: 3 }) }),
      fetch(`${url}/api/auth/login`, { method: "POST", headers: auth, body: JSON.stringify({ email: "owner@example.com", password: "secret-pass-4821" }) }),
      fetch(`${url}/api/dashboard`, { headers: auth }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unavailable");
    }

    postgres.start();
    let status = 0;
    for (let i = 0; i < 60 && status !== 201; i++) {
      const retry = await fetch(`${url}/api/requests`, {
        method: "POST",
        headers: { ...auth, "idempotency-key": "after-outage" },
        body: JSON.stringify({ title: "After", amount: 4 }),
      });
      status = retry.status;
      if (status !== 201) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(201);
  }, 90_000);
});
