import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { demoAdminEmail, errorBody, landingData } from "@procure/contracts";
import { findUserByEmail } from "@procure/projections";
import { readLandingFacts } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { landingFigures } from "./landing-figures.ts";
import { roleViews } from "./landing-handbook.ts";

/** Read on every visit to the landing page, so it is public and limited more loosely than the public writes. */
const landingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    "/api/marketing/landing",
    {
      config: { rateLimit: { max: deps.env.RATE_LIMIT_PUBLIC * 5, timeWindow: "1 minute" } },
      schema: { tags: ["landing"], response: { 200: landingData, 429: errorBody } },
    },
    async () => {
      const now = new Date();
      const [facts, demoAdmin] = await Promise.all([readLandingFacts(deps.db, now), findUserByEmail(deps.db, demoAdminEmail)]);
      return { ...landingFigures(facts, now), roleViews: roleViews(facts), demoWorkspace: Boolean(demoAdmin) };
    },
  );
};

export default landingRoutes;
