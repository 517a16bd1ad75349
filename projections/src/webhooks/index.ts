import type { MigrationSet } from "@procure/eventstore";
import * as endpoints from "./migrations/20261122T2150-projections-webhook-endpoints.ts";

export { webhookEndpointsProjection } from "./webhook-endpoints-projection.ts";
export * from "./queries.ts";

export const webhookReadModelMigrations: MigrationSet = {
  "20261122T2150-projections-webhook-endpoints": endpoints,
};
