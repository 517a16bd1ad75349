import type { MigrationSet } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import * as catalogueReadModels from "./migrations/0001-catalogue-read-models.ts";
import * as rulesAndWorkOrders from "./migrations/0002-rules-and-work-orders.ts";
import * as landingFacts from "./migrations/0003-landing-facts.ts";
import * as itemVendors from "./migrations/20261125T2310-projections-catalogue-item-vendors.ts";
import { categoriesProjection } from "./categories-projection.ts";
import { itemsProjection } from "./items-projection.ts";
import { feedsProjection } from "./feeds-projection.ts";
import { punchoutProjection } from "./punchout-projection.ts";
import { rulesProjection } from "../rules/rules-projection.ts";
import { workOrdersProjection } from "../work-orders/work-orders-projection.ts";
import { workOrderTimelineProjection } from "../work-orders/work-order-timeline-projection.ts";
import { landingRequestsProjection, landingVendorsProjection } from "../landing/landing-projection.ts";

export type * from "./tables.ts";
export * from "./category-queries.ts";
export * from "./overview-queries.ts";
export * from "../rules/rule-queries.ts";
export * from "../work-orders/work-order-queries.ts";
export * from "../landing/landing-queries.ts";
export { assembleOverview, coverageScore, punchoutHealthy } from "./catalogue-analytics.ts";

export const catalogueProjections: readonly Projection[] = [
  categoriesProjection,
  itemsProjection,
  feedsProjection,
  punchoutProjection,
  rulesProjection,
  workOrdersProjection,
  workOrderTimelineProjection,
  landingRequestsProjection,
  landingVendorsProjection,
];

/**
 * Read-model tables, in the global migration sequence (see the event store's migrator). These migrations create
 * the tables of rules, work orders and the landing page too: those features' projections and queries live in their own folders, while the
 * tables stay with the migrations that made them, whose names existing databases list as run.
 */
export const catalogueMigrations: MigrationSet = {
  "01-projections/catalogue-0001-catalogue-read-models": catalogueReadModels,
  "01-projections/catalogue-0002-rules-and-work-orders": rulesAndWorkOrders,
  "01-projections/catalogue-0003-landing-facts": landingFacts,
  "20261125T2310-projections-catalogue-item-vendors": itemVendors,
};
