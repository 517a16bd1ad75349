import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { readEnv } from "@procure/api";
import { startRuntime, type Runtime } from "./runtime.ts";
import { createTestServices, type TestServices } from "./testing/test-services.ts";

const withServices = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);

/**
 * The API in one process, the relay, projections and webhooks in another (`--only`), over one Postgres and NATS:
 * the API process tells the others of each append at once, so its commands are answered as fast as in one process.
 */
describe.skipIf(!withServices)("an API process apart from its relay and projections", () => {
  let services: TestServices;
  let api: Runtime;
  let background: Runtime;
  let nc: NatsConnection;
  const announced: string[] = [];
  beforeAll(async () => {
    services = await createTestServices("split");
    const env = readEnv({ ...services.env, PORT: "0", HOST: "127.0.0.1" });
    background = await startRuntime(env, ["relay", "projector", "webhooks"]);
    api = await startRuntime(env, ["api"]);
    nc = await connect({ servers: services.natsUrl! });
    nc.subscribe(`${services.env.NATS_SUBJECT_PREFIX}.appended`, {
      callback: (_error, message) => void announced.push(message.headers?.get("Procure-Position") ?? ""),
    });
  });
  afterAll(async () => {
    await nc?.close();
    await api?.stop();
    await background?.stop();
    await services?.cleanup();
  });

  it("announces each append on NATS, and answers every command from the other process's read models", async () => {
    const signup = await api.app!.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "split@example.com", password: "secret-pass-4821", role: "admin" },
    });
    expect(signup.statusCode).toBe(201);
    const token: string = signup.json().token;
    for (let i = 0; i < 10; i++) {
      const created = await api.app!.inject({
        method: "POST",
        url: "/api/requests",
        headers: { authorization: `Bearer ${token}` },
        payload: { title: `Split ${i}`, amount: 10 + i },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ title: `Split ${i}`, status: expect.any(String) });
    }
    const head = await api.store.headPosition();
    await expect.poll(() => announced.includes(`${head.tx}:${head.pos}`)).toBe(true);
    expect(announced.length).toBeGreaterThanOrEqual(11);
  });
});
