import type { MigrationSet } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import "./tables.ts";
import { dashboardCatalogueProjection } from "./dashboard-catalogue-projection.ts";
import { dashboardRequestsProjection } from "./dashboard-requests-projection.ts";
import * as vendorsOrders from "./migrations/0001-vendors-orders.ts";
import * as dashboardTables from "./migrations/0002-dashboard.ts";
import * as poGroupStatus from "./migrations/20261122T1945-projections-po-group-status.ts";
import { ordersProjection } from "./orders-projection.ts";
import { poGroupsProjection } from "./po-groups-projection.ts";
import { vendorsProjection } from "./vendors-projection.ts";

export const purchasingProjections: readonly Projection[] = [
  vendorsProjection,
  ordersProjection,
  poGroupsProjection,
  dashboardRequestsProjection,
  dashboardCatalogueProjection,
];
/** Read-model tables of this feature, in the global migration sequence (see the event store's migrator). */
export const purchasingMigrations: MigrationSet = {
  "01-projections/purchasing-0001-vendors-orders": vendorsOrders,
  "01-projections/purchasing-0002-dashboard": dashboardTables,
  "20261122T1945-projections-po-group-status": poGroupStatus,
};

export * from "./vendor-queries.ts";
export * from "./order-queries.ts";
export * from "./dashboard-queries.ts";
export * from "./dates.ts";
export type * from "./tables.ts";
export { punchoutIntegration } from "./integration-queries.ts";
