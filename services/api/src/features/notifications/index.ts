import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import outboxRoutes from "./outbox-routes.ts";
import preferenceRoutes from "./preference-routes.ts";
import unsubscribeRoutes from "./unsubscribe-routes.ts";

export const notificationRoutes: FastifyPluginAsync<{ deps: AppDeps }>[] = [preferenceRoutes, unsubscribeRoutes, outboxRoutes];
