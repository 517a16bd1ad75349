import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";

export const purchasingRoutes: { plugin: FastifyPluginAsync<{ deps: AppDeps }> }[] = [];
