import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, connect, type Server, type Socket } from "node:net";
import { readEnv } from "@procure/api";
import { startRuntime, type Runtime } from "@procure/infra/runtime";
import { createTestServices, type TestServices } from "@procure/infra/testing/test-services";
import { freePort } from "@procure/infra/testing/free-port";

/** A TCP hop between the product and Postgres that the test can cut, as an outage would. */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const open = (port: number) =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { open, cut };
}

const databaseUrl = process.env.DATABASE_URL;
let services: TestServices;
let runtime: Runtime;
let proxy: ReturnType<typeof tcpProxy>;
let proxyPort: number;
beforeAll(async () => {
  if (!databaseUrl) return;
  services = await createTestServices("pgdown");
  const real = new URL(services.databaseUrl!);
  proxy = tcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  proxyPort = await freePort();
  await proxy.open(proxyPort);
  const proxied = new URL(real);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxyPort);
  runtime = await startRuntime(readEnv({ ...services.env, DATABASE_URL: proxied.toString(), PORT: "0", LOG_LEVEL: "silent" }));
});
afterAll(async () => {
  await runtime?.stop();
  await services?.cleanup();
});

describe.skipIf(!databaseUrl)("Postgres unreachable", () => {
  it("answers 503 with Retry-After and the error shape on every kind of route, then recovers", async () => {
    const app = runtime.app!;
    const signup = await app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "o@example.com", password: "secret-pass-4821", role: "admin" },
    });
    expect(signup.statusCode).toBe(201);
    const auth = { authorization: `Bearer ${signup.json().token}` };

    await proxy.cut();
    const answers = await Promise.all([
      app.inject({ method: "GET", url: "/api/requests", headers: auth }),
      app.inject({ method: "POST", url: "/api/requests", headers: auth, payload: { title: "Chair", amount: 10 } }),
      app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "o@example.com", password: "secret-pass-4821" } }),
      app.inject({ method: "GET", url: "/api/marketing/landing" }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
      expect(answer.json().error.code).toBe("unavailable");
    }

    await proxy.open(proxyPort);
    const back = await app.inject({ method: "GET", url: "/api/requests", headers: auth });
    expect(back.statusCode, back.body).toBe(200);
  });
});
