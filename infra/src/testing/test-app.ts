import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { readEnv } from "@procure/api";
import { startRuntime, type Runtime } from "../runtime.ts";
import { createTestServices, type TestServices } from "./test-services.ts";
import { profiled } from "./profile-span.ts";

export type TestApp = {
  runtime: Runtime;
  app: FastifyInstance;
  services: TestServices;
  url: string;
  /** Calls the API in-process; `token` adds the bearer header. */
  call: (method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }) => Promise<LightMyRequestResponse>;
  stop: () => Promise<void>;
};

/**
 * A whole product (API, relay, projectors) on a fresh database and stream, listening on a free port, in the shape
 * `npm start` gives it: on Postgres and NATS the relay, projections and webhooks run in a thread of their own. A
 * test that drives them itself (`runtime.runner`, `runtime.webhooks`) asks for BACKGROUND_THREAD=false.
 */
export async function startTestApp(label: string, extraEnv: Record<string, string> = {}): Promise<TestApp> {
  const services = await createTestServices(label, { migrated: true });
  const env = readEnv({ ...services.env, PORT: "0", HOST: "127.0.0.1", ...extraEnv });
  const runtime = await profiled("server start", () => startRuntime(env));
  const app = runtime.app!;
  return {
    runtime,
    app,
    services,
    url: runtime.url!,
    call: (method, url, options = {}) =>
      app.inject({
        method: method as "GET",
        url,
        payload: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : (options.body as object),
        headers: {
          ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      }),
    stop: async () => {
      await runtime.stop();
      await services.cleanup();
    },
  };
}
