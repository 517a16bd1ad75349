import { sql } from "kysely";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canSee } from "@procure/contracts";
import type { AppDeps } from "../../deps.ts";

/**
 * `/api/health`: "ok", or "degraded" with 503 when a dependency is down. The parts (Postgres, NATS, the relay and
 * how far the projections trail the log, with their errors) only to the roles whose Integrations screen shows them:
 * an error's text is the database's or a driver's own, which an anonymous caller has no business reading.
 * `/api/health/live`: the process answers (200 until it exits, draining included): restart it when this fails.
 * `/api/health/ready`: send it traffic: 503 once it drains for a restart, or while it cannot reach Postgres.
 */
const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // A session is read from the database: while that is down, no caller can be told apart and all get the status.
  const mayReadParts = async (authorization: string | undefined) => {
    const token = authorization?.match(/^Bearer (.+)$/i)?.[1];
    const session = token ? await app.sessionFromToken(token).catch(() => null) : null;
    return session !== null && canSee(session.actor.role, "integrations");
  };

  app.get("/api/health", { schema: { tags: ["ops"] } }, async (request, reply) => {
    const report = await deps.health();
    const ok = Object.values(report).every((v) => typeof v !== "object" || v === null || (v as { ok?: boolean }).ok !== false);
    const status = ok ? "ok" : "degraded";
    return reply.code(ok ? 200 : 503).send((await mayReadParts(request.headers.authorization)) ? { status, ...report } : { status });
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
