import type { FastifyPluginAsync } from "fastify";
import { noRefs, type AppDeps, type RequestRefResolver } from "@procure/api";

/** The feature modules beyond the backbone (orders, vendors, catalogue, ...), in registration order. */
export const features: {
  routes: { plugin: FastifyPluginAsync<{ deps: AppDeps }> }[];
  resolveRequestRefs: RequestRefResolver;
} = {
  routes: [],
  resolveRequestRefs: noRefs,
};
