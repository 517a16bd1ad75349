import type { MigrationSet } from "@procure/eventstore";
import type { Projection } from "../projection.ts";
import "./tables.ts";
import { dashboardCatalogueProjection } from "../dashboard/dashboard-catalogue-projection.ts";
import { dashboardRequestsProjection } from "../dashboard/dashboard-requests-projection.ts";
import * as vendorsOrders from "./migrations/0001-vendors-orders.ts";
import * as dashboardTables from "./migrations/0002-dashboard.ts";
import * as poGroupStatus from "./migrations/20261122T1945-projections-po-group-status.ts";
import * as orderLinesReceipts from "./migrations/20261125T2315-projections-order-lines-receipts.ts";
import * as poGroupAwaiting from "./migrations/20261127T0600-projections-po-group-awaiting.ts";
import { ordersProjection } from "../orders/orders-projection.ts";
import { poGroupsProjection } from "../orders/po-groups-projection.ts";
import { vendorsProjection } from "../vendors/vendors-projection.ts";
import { vendorDocumentsProjection } from "../vendors/vendor-documents-projection.ts";
import * as vendorDocuments from "../vendors/migrations/20261127T0000-projections-vendor-documents.ts";
import { invoicesProjection } from "../invoices/invoices-projection.ts";
import { invoiceFilesProjection } from "../invoices/invoice-files-projection.ts";
import * as invoiceFiles from "../invoices/migrations/20261128T2130-projections-invoice-files.ts";
import * as invoices from "../invoices/migrations/20261127T0100-projections-invoices.ts";
import * as invoicesPaymentsAndDisputes from "../invoices/migrations/20261128T1900-projections-invoices-payments-and-disputes.ts";
import * as invoicesListOrder from "../invoices/migrations/20261128T1910-projections-invoices-list-order.ts";
import { budgetsProjection } from "../budgets/budgets-projection.ts";
import * as budgets from "../budgets/migrations/20261127T0400-projections-budgets.ts";

export const purchasingProjections: readonly Projection[] = [
  vendorsProjection,
  vendorDocumentsProjection,
  ordersProjection,
  invoicesProjection,
  invoiceFilesProjection,
  poGroupsProjection,
  dashboardRequestsProjection,
  dashboardCatalogueProjection,
  budgetsProjection,
];
/**
 * Read-model tables, in the global migration sequence (see the event store's migrator). These migrations create
 * the tables of orders, vendors and the dashboard too: those features' projections and queries live in their own folders, while the
 * tables stay with the migrations that made them, whose names existing databases list as run.
 */
export const purchasingMigrations: MigrationSet = {
  "01-projections/purchasing-0001-vendors-orders": vendorsOrders,
  "01-projections/purchasing-0002-dashboard": dashboardTables,
  "20261122T1945-projections-po-group-status": poGroupStatus,
  "20261125T2315-projections-order-lines-receipts": orderLinesReceipts,
  "20261127T0600-projections-po-group-awaiting": poGroupAwaiting,
  "20261127T0000-projections-vendor-documents": vendorDocuments,
  "20261127T0100-projections-invoices": invoices,
  "20261128T1900-projections-invoices-payments-and-disputes": invoicesPaymentsAndDisputes,
  "20261128T1910-projections-invoices-list-order": invoicesListOrder,
  "20261128T2130-projections-invoice-files": invoiceFiles,
  "20261127T0400-projections-budgets": budgets,
};

export * from "../vendors/vendor-queries.ts";
export * from "../vendors/diligence-queries.ts";
export { vendorDocumentRow } from "../vendors/vendor-documents-projection.ts";
export * from "../orders/order-queries.ts";
export * from "../invoices/invoice-queries.ts";
export { invoiceFileRow, listInvoiceFiles, getInvoiceFile, toInvoiceFile } from "../invoices/invoice-files-projection.ts";
export * from "../budgets/budget-queries.ts";
export * from "../dashboard/dashboard-queries.ts";
export * from "./dates.ts";
export type * from "./tables.ts";
export { readIntegrations } from "./integration-queries.ts";
