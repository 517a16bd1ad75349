import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueOverview } from "@procure/contracts";
import { readCatalogueOverview } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { commandErrors } from "../../http/error-responses.ts";

const overviewRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    "/api/catalogue/overview",
    {
      onRequest: app.authenticate,
      preValidation: app.requirePermission("catalogue:read"),
      schema: { tags: ["catalogue"], response: { 200: catalogueOverview, ...commandErrors } },
    },
    async () => readCatalogueOverview(deps.db),
  );
};

export default overviewRoutes;
