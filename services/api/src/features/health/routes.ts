import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";

/** Liveness of Postgres and NATS and how far the projections trail the log; 503 when a dependency is down. */
const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get("/api/health", { schema: { tags: ["ops"] } }, async (_request, reply) => {
    const report = await deps.health();
    const ok = Object.values(report).every((v) => typeof v !== "object" || v === null || (v as { ok?: boolean }).ok !== false);
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "degraded", ...report });
  });
};

export default healthRoutes;
