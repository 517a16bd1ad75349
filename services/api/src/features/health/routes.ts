import { sql } from "kysely";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";

/**
 * `/api/health`: Postgres and NATS and how far the projections trail the log; 503 when a dependency is down.
 * `/api/health/live`: the process answers (200 until it exits, draining included): restart it when this fails.
 * `/api/health/ready`: send it traffic: 503 once it drains for a restart, or while it cannot reach Postgres.
 */
const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get("/api/health", { schema: { tags: ["ops"] } }, async (_request, reply) => {
    const report = await deps.health();
    const ok = Object.values(report).every((v) => typeof v !== "object" || v === null || (v as { ok?: boolean }).ok !== false);
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "degraded", ...report });
  });

  app.get("/api/health/live", { schema: { tags: ["ops"] } }, async () => ({ status: "ok" }));

  app.get("/api/health/ready", { schema: { tags: ["ops"] } }, async (_request, reply) => {
    if (app.draining) return reply.code(503).send({ status: "draining" });
    // Only Postgres: a projector or NATS outage elsewhere must not take every API process out of rotation.
    const postgres = await sql`select 1`.execute(deps.db).then(
      () => true,
      () => false,
    );
    return reply.code(postgres ? 200 : 503).send({ status: postgres ? "ok" : "unavailable" });
  });
};

export default healthRoutes;
