import type { FastifyPluginAsync } from "fastify";
import { composeRefResolver, type AppDeps, type RefLookups, type RequestRefResolver } from "@procure/api";
import { purchasingRoutes, vendorLookup } from "@procure/api/features/purchasing/index";
import { catalogueLookups, catalogueRoutes } from "@procure/api/features/catalogue/index";
import { webhookRoutes } from "@procure/api/features/webhooks/index";
import { eventFeedFeature } from "@procure/api/features/events-feed/index";
import { auditExportFeature } from "@procure/api/features/audit-export/index";

/** Lookups new requests need from other features; each feature fills in its own. */
const lookups: RefLookups = { vendor: vendorLookup, ...catalogueLookups };

/** The feature modules beyond the backbone (orders, vendors, catalogue, ...), in registration order. */
export const features: {
  routes: { plugin: FastifyPluginAsync<{ deps: AppDeps }> }[];
  resolveRequestRefs: RequestRefResolver;
} = {
  routes: [...purchasingRoutes, ...catalogueRoutes, ...webhookRoutes, ...eventFeedFeature, ...auditExportFeature],
  resolveRequestRefs: composeRefResolver(lookups),
};
