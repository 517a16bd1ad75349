import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { can, dashboard, errorBody } from "@procure/contracts";
import { readDashboard, readIntegrations } from "@procure/projections/purchasing";
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

  // The Integrations page's connector states: the dashboard's card reads the same, judged by `integrationStates`.
  app.get(
    "/api/dashboard/integrations",
    { onRequest: app.authenticate, schema: { tags: ["dashboard"], response: { 200: z.object({ items: dashboard.shape.integrations }), 401: errorBody } } },
    async () => ({ items: await readIntegrations(deps.db) }),
  );
};

export default dashboardRoutes;
