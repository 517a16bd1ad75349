import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "@procure/api";
import { startRuntime, type Runtime } from "./runtime.ts";
import { createTestServices, type TestServices } from "./testing/test-services.ts";

const withServices = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);

/** Two API processes over one Postgres count one caller's requests against one budget, not one each. */
describe.skipIf(!withServices)("rate limits across API processes", () => {
  let services: TestServices;
  let first: Runtime;
  let second: Runtime;
  beforeAll(async () => {
    services = await createTestServices("sharedlimits");
    const env = readEnv({ ...services.env, PORT: "0", HOST: "127.0.0.1", RATE_LIMIT_PUBLIC: "4" });
    first = await startRuntime(env);
    second = await startRuntime(env, ["api"]);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await services?.cleanup();
  });

  const signIn = (runtime: Runtime) =>
    runtime.app!.inject({ method: "POST", url: "/api/auth/login", payload: { email: "nobody@example.com", password: "not-the-password" } });

  it("refuses the caller once both processes together saw the limit, on either process", async () => {
    const answers = [];
    for (const runtime of [first, second, first, second]) answers.push((await signIn(runtime)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401]);
    for (const runtime of [first, second]) {
      const refused = await signIn(runtime);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: "rate_limited" } });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });
});
