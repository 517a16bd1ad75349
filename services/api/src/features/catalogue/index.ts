import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import categoryRoutes from "./category-routes.ts";
import itemRoutes from "./item-routes.ts";
import sourceRoutes from "./source-routes.ts";
import overviewRoutes from "./overview-routes.ts";
import ruleRoutes from "./rule-routes.ts";
import workOrderRoutes from "./work-order-routes.ts";
import landingRoutes from "./landing-routes.ts";

export { catalogueLookups } from "./catalogue-refs.ts";

export const catalogueRoutes: { plugin: FastifyPluginAsync<{ deps: AppDeps }> }[] = [
  { plugin: categoryRoutes },
  { plugin: itemRoutes },
  { plugin: sourceRoutes },
  { plugin: overviewRoutes },
  { plugin: ruleRoutes },
  { plugin: workOrderRoutes },
  { plugin: landingRoutes },
];
