import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { can, dashboard, errorBody } from "@procure/contracts";
import { readDashboard } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";

const dashboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    "/api/dashboard",
    { onRequest: app.authenticate, schema: { tags: ["dashboard"], response: { 200: dashboard, 401: errorBody } } },
    // Request figures follow request visibility: a requester's dashboard counts their own requests only.
    async (request) => {
      const { actor } = request;
      return readDashboard(deps.db, { requesterId: can(actor.role, "requests:read-all") ? null : actor.id }, new Date());
    },
  );
};

export default dashboardRoutes;
