import { request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startProductProcess, type Child } from "./testing/child-process.ts";
import { freePort } from "./testing/free-port.ts";
import { closeWithin, openLiveSocket } from "./testing/live-socket.ts";
import { createTestServices, type TestServices } from "./testing/test-services.ts";

/**
 * A rolling restart as an orchestrator does it: SIGTERM while a request is half sent. The process leaves the
 * load balancer's rotation (ready 503, live 200), turns new requests away, finishes the one in flight, tells its
 * sockets to reconnect elsewhere (1012) and exits cleanly.
 */
let services: TestServices;
let product: Child;
let base: string;
beforeAll(async () => {
  services = await createTestServices("drain");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  product = await startProductProcess({ ...services.env, PORT: String(port), HOST: "127.0.0.1", SHUTDOWN_GRACE_MS: "20000" });
}, 120_000);
afterAll(async () => {
  await product?.kill("SIGKILL");
  await services?.cleanup();
});

const status = (path: string) => fetch(`${base}${path}`).then((r) => r.status);

/** A POST whose body arrives in two parts, the second when the test says: a request kept in flight. */
function halfSentPost(path: string, body: string) {
  const half = Math.floor(body.length / 2);
  const request = httpRequest(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (response: IncomingMessage) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), answered };
}

/**
 * What a websocket upgrade is answered, with the connection left open as a proxy that keeps its upstream connections
 * would leave it: the server must not wait for the client to close it.
 */
function upgradeAnswer(url: string, protocols: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, "ws"), protocols);
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("error", reject);
  });
}

describe("SIGTERM", () => {
  it("drains: ready 503 while live stays 200, the request in flight completes, sockets get 1012, exit 0", async () => {
    const credentials = { email: "drain@example.com", password: "secret-pass-4821" };
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...credentials, role: "admin" }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    expect(await status("/api/health/ready")).toBe(200);
    expect(await status("/api/health/live")).toBe(200);
    const socket = await openLiveSocket(`${base}/api/live`, ["bearer", token]);

    const login = halfSentPost("/api/auth/login", JSON.stringify(credentials));
    // The server has the request's headers: it counts as in flight.
    await new Promise((r) => setTimeout(r, 300));
    product.process.kill("SIGTERM");

    expect(await closeWithin(socket, 5_000)).toMatchObject({ code: 1012 });
    await expect.poll(() => status("/api/health/ready")).toBe(503);
    expect(await status("/api/health/live")).toBe(200);
    // New work is turned away, for the proxy to send to another process.
    const refused = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    // A socket reconnecting here meanwhile is turned away too, and its open connection does not hold the exit.
    expect(await upgradeAnswer(`${base}/api/live`, ["bearer", token])).toBe(503);
    expect(product.process.exitCode).toBeNull();

    login.finish();
    const answer = await login.answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ token: expect.any(String) });
    expect(await product.exited).toBe(0);
  }, 60_000);
});
