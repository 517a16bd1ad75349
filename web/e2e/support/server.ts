import { inject } from "vitest";
import { freePort } from "@procure/infra/testing/free-port";
import { spawnUntil, type Child } from "@procure/infra/testing/child-process";
import { createTestServices, type TestServices } from "@procure/infra/testing/test-services";
import { profiled } from "@procure/infra/testing/profile-span";

/** `env` adds to the product's environment, e.g. to let webhooks reach a receiver on loopback. */
export type ProductOptions = { logLevel?: string; env?: Record<string, string> };

export type RunningProduct = { url: string; logs: () => string; output: () => string; stop: () => Promise<void> };

/**
 * The real product on a free port with the demo workspace seeded: its own data directory, and its own database and
 * stream when DATABASE_URL / NATS_URL point at shared servers (as in CI).
 */
export async function startProduct(label: string, { logLevel = "warn", env = {} }: ProductOptions = {}): Promise<RunningProduct> {
  const services: TestServices = await createTestServices(label, { migrated: true });
  let child: Child | null = null;
  let port: number;
  try {
    port = await freePort();
    child = await profiled("server start", () =>
      spawnUntil(process.execPath, ["--import", "tsx", "infra/src/start.ts"], {
        env: { ...services.env, ...env, PORT: String(port), DEMO_SEED: "true", WEB_DIST: inject("webDist"), LOG_LEVEL: logLevel },
        ready: /Procure is running/,
        timeoutMs: 150_000,
      }),
    );
  } catch (error) {
    await child?.kill("SIGKILL");
    await services.cleanup();
    throw error;
  }
  const running = child;
  return {
    url: `http://127.0.0.1:${port}`,
    logs: () => {
      const exit = running.process.exitCode ?? running.process.signalCode;
      return `${exit === null ? "" : `[server exited: ${exit}]\n`}${running.output().slice(-6000)}`;
    },
    output: () => running.output(),
    stop: async () => {
      await running.kill("SIGTERM");
      await services.cleanup();
    },
  };
}
