import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import deliveryRoutes from "./delivery-routes.ts";
import endpointRoutes from "./endpoint-routes.ts";

export const webhookRoutes: FastifyPluginAsync<{ deps: AppDeps }>[] = [endpointRoutes, deliveryRoutes];
