import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { ProjectionProgress } from "../deps.ts";
import type { Env } from "../env.ts";
import { commandOutcome, createMetrics, ranCommand, type Metrics } from "../metrics/series.ts";
import { sendError } from "./errors.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where the metrics listener of METRICS_PORT answers, once listening; null without one. */
    metricsUrl: string | null;
  }
}

type Options = { env: Pick<Env, "METRICS_PORT" | "METRICS_TOKEN" | "HOST">; progress: ProjectionProgress; db: Kysely<unknown> };

const digest = (text: string) => createHash("sha256").update(text).digest();
/** Compared as digests, in constant time: the token's length tells nothing either. */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * Prometheus metrics. With METRICS_PORT they are served on a listener of their own (for a private network); else,
 * with METRICS_TOKEN, at `/metrics` on the API's port behind `Authorization: Bearer <token>`; with neither, nothing
 * is measured and `/metrics` is a 404. Each request costs one histogram observation.
 */
export default fp(
  async (app, { env, progress, db }: Options) => {
    const enabled = env.METRICS_PORT !== undefined || env.METRICS_TOKEN !== undefined;
    const token = env.METRICS_PORT === undefined ? env.METRICS_TOKEN : undefined;
    const metrics: Metrics | null = enabled ? createMetrics({ progress, db, openSockets: () => app.openLiveSockets }) : null;

    // Registered in any case: without it the web client's fallback would answer /metrics with its page.
    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (!token || !metrics) return sendError(reply, 404, "not_found", "Not found.");
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!sameToken(given, token)) return sendError(reply, 401, "unauthorized", "The metrics token is missing or wrong.");
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
    app.decorate("metricsUrl", null as string | null);
    if (!metrics) return;

    app.addHook("onResponse", (request, reply, done) => {
      const route = request.routeOptions.url ?? "unmatched";
      const seconds = reply.elapsedTime / 1000;
      metrics.httpDuration.observe({ method: request.method, route, status: reply.statusCode }, seconds);
      if (ranCommand(request)) metrics.commandDuration.observe({ command: `${request.method} ${route}`, outcome: commandOutcome(reply.statusCode) }, seconds);
      done();
    });

    if (env.METRICS_PORT === undefined) return;
    const server: Server = createServer((request, response) => {
      if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
        response.writeHead(404).end();
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
        (error: unknown) => {
          app.log.warn({ err: error }, "could not collect metrics");
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(env.METRICS_PORT, env.HOST, () => resolve());
    });
    const { address, port } = server.address() as AddressInfo;
    app.metricsUrl = `http://${address.includes(":") ? `[${address}]` : address}:${port}/metrics`;
    app.addHook("onClose", async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
  },
  { name: "metrics", dependencies: ["live"] },
);
