import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";

export const catalogueRoutes: { plugin: FastifyPluginAsync<{ deps: AppDeps }> }[] = [];
