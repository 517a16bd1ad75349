import { describe, expect, it } from "vitest";
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dockerAvailable } from "./containers.ts";

describe("finding a Docker engine for the test services", () => {
  it("falls through at once when there is no engine to ask", async () => {
    const started = Date.now();
    expect(await dockerAvailable(1_000, { DOCKER_HOST: "unix:///nonexistent/docker.sock" })).toBe(false);
    expect(await dockerAvailable(1_000, { DOCKER_HOST: "tcp://127.0.0.1:9" })).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("gives up on an engine that does not answer within the deadline", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docker-sock-"));
    const socketPath = join(dir, "docker.sock");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(socketPath, resolve));
    try {
      const started = Date.now();
      expect(await dockerAvailable(300, { DOCKER_HOST: `unix://${socketPath}` })).toBe(false);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says yes when the engine answers its ping", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docker-sock-"));
    const socketPath = join(dir, "docker.sock");
    const engine = createServer((req, res) => res.writeHead(req.url === "/_ping" ? 200 : 404).end("OK"));
    await new Promise<void>((resolve) => engine.listen(socketPath, resolve));
    try {
      expect(await dockerAvailable(1_000, { DOCKER_HOST: `unix://${socketPath}` })).toBe(true);
    } finally {
      await new Promise((resolve) => engine.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
