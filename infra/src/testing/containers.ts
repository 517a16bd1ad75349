import { request } from "node:http";
import { existsSync } from "node:fs";

/**
 * Whether a Docker engine answers, asked with a deadline: without one (this machine, many CI runners) tests fall
 * through to the embedded defaults at once instead of waiting on a socket that is not there.
 */
export function dockerAvailable(timeoutMs = 1_000, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const host = env.DOCKER_HOST;
  const socketPath = host?.startsWith("unix://") ? host.slice("unix://".length) : host ? null : "/var/run/docker.sock";
  if (host && !socketPath) return pingTcp(host, timeoutMs);
  if (!socketPath || !existsSync(socketPath)) return Promise.resolve(false);
  return ping({ socketPath, path: "/_ping" }, timeoutMs);
}

function pingTcp(host: string, timeoutMs: number): Promise<boolean> {
  const url = new URL(host.replace(/^tcp:/, "http:"));
  return ping({ host: url.hostname, port: Number(url.port || 2375), path: "/_ping" }, timeoutMs);
}

function ping(options: { socketPath?: string; host?: string; port?: number; path: string }, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ ...options, method: "GET", timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
    req.end();
  });
}

let started: Promise<{ databaseUrl: string; natsUrl: string }> | null = null;

/** Postgres and NATS with JetStream in containers, started once per test process and shared by its files. */
export function containerServices(): Promise<{ databaseUrl: string; natsUrl: string }> {
  started ??= (async () => {
    const { GenericContainer, Wait } = await import("testcontainers");
    const postgres = await new GenericContainer("postgres:16-alpine")
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: "trust", POSTGRES_DB: "test" })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    const nats = await new GenericContainer("nats:2")
      .withCommand(["-js"])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start();
    return {
      databaseUrl: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/test`,
      natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    };
  })();
  return started;
}
