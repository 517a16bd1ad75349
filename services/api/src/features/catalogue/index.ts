import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import categoryRoutes from "./category-routes.ts";
import itemRoutes from "./item-routes.ts";
import sourceRoutes from "./source-routes.ts";
import overviewRoutes from "./overview-routes.ts";

/** Categories, items, vendor feeds and PunchOut connections, and the overview built from them. */
export const catalogueRoutes: FastifyPluginAsync<{ deps: AppDeps }>[] = [categoryRoutes, itemRoutes, sourceRoutes, overviewRoutes];
