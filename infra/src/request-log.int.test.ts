import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { spawnUntil, type Child } from "./testing/child-process.ts";
import { freePort } from "./testing/free-port.ts";
import { createTestServices, type TestServices } from "./testing/test-services.ts";

let services: TestServices | undefined;
let product: Child | undefined;
afterAll(async () => {
  await product?.kill();
  await services?.cleanup();
});

async function openLive(url: string, protocols?: string[]) {
  const socket = new WebSocket(url, protocols);
  return new Promise<string>((resolve) => {
    socket.once("message", () => {
      socket.close();
      resolve("open");
    });
    socket.once("unexpected-response", (_request, response) => resolve(String(response.statusCode)));
    socket.once("error", () => resolve("error"));
  });
}

describe("the server log", () => {
  it("holds no token after a session that sent it in headers, a subprotocol and a URL", async () => {
    services = await createTestServices("reqlog");
    const port = await freePort();
    product = await spawnUntil(process.execPath, ["--import", "tsx", "infra/src/start.ts"], {
      env: { ...services.env, PORT: String(port), LOG_LEVEL: "info", DEMO_SEED: "false" },
      ready: /Procure is running/,
    });
    const base = `http://127.0.0.1:${port}`;
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "logged@example.com", password: "secret-pass-4821", role: "admin" }),
    });
    const { token } = (await signup.json()) as { token: string };
    expect(token).toMatch(/^eyJ/);

    expect((await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await fetch(`${base}/api/requests?token=${token}&q=x`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${base}/api/me?access_token=${token}`);
    const ws = `ws://127.0.0.1:${port}/api/live`;
    expect(await openLive(ws, ["bearer", token])).toBe("open");
    expect(await openLive(`${ws}?token=${token}`)).toBe("401");
    await fetch(`${base}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    await product.kill();

    const log = product.output();
    expect(log).toMatch(/"url":"\/api\/requests\?token=\[redacted\]&q=x"/);
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split(".")[2]!);
    expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });
});
