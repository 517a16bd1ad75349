import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import dashboardRoutes from "./dashboard-routes.ts";
import orderRoutes from "./order-routes.ts";
import vendorRoutes from "./vendor-routes.ts";

export { vendorLookup } from "./vendor-lookup.ts";

export const purchasingRoutes: { plugin: FastifyPluginAsync<{ deps: AppDeps }> }[] = [
  { plugin: vendorRoutes },
  { plugin: orderRoutes },
  { plugin: dashboardRoutes },
];
