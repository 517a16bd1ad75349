import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../deps.ts";
import { auditExportFeature } from "./audit-export/index.ts";
import authRoutes from "./auth/routes.ts";
import { catalogueRoutes } from "./catalogue/index.ts";
import dashboardRoutes from "./dashboard/routes.ts";
import delegationRoutes from "./delegation/routes.ts";
import { eventFeedFeature } from "./events-feed/index.ts";
import fileRoutes from "./files/routes.ts";
import healthRoutes from "./health/routes.ts";
import inboxRoutes from "./inbox/routes.ts";
import landingRoutes from "./landing/routes.ts";
import listExportRoutes from "./list-exports/routes.ts";
import { notificationRoutes } from "./notifications/index.ts";
import orderRoutes from "./orders/routes.ts";
import receiptRoutes from "./orders/receipt-routes.ts";
import requestRoutes from "./requests/routes.ts";
import requestLifecycleRoutes from "./requests/lifecycle-routes.ts";
import ruleRoutes from "./rules/routes.ts";
import budgetRoutes from "./budgets/routes.ts";
import userRoutes from "./users/routes.ts";
import vendorRoutes from "./vendors/routes.ts";
import vendorDocumentRoutes from "./vendors/document-routes.ts";
import diligenceSettingsRoutes from "./settings/diligence-routes.ts";
import matchingSettingsRoutes from "./settings/matching-routes.ts";
import controlsSettingsRoutes from "./settings/controls-routes.ts";
import invoiceRoutes from "./invoices/routes.ts";
import invoiceFileRoutes from "./invoices/file-routes.ts";
import settingsTransferRoutes from "./settings/transfer-routes.ts";
import { webhookRoutes } from "./webhooks/index.ts";
import workOrderRoutes from "./work-orders/routes.ts";

/** Every feature's routes, in the order they are registered: the one list of what the API serves. */
export const featureRoutes: FastifyPluginAsync<{ deps: AppDeps }>[] = [
  healthRoutes,
  authRoutes,
  requestRoutes,
  requestLifecycleRoutes,
  listExportRoutes,
  fileRoutes,
  inboxRoutes,
  userRoutes,
  vendorRoutes,
  vendorDocumentRoutes,
  diligenceSettingsRoutes,
  settingsTransferRoutes,
  orderRoutes,
  receiptRoutes,
  invoiceRoutes,
  invoiceFileRoutes,
  matchingSettingsRoutes,
  controlsSettingsRoutes,
  dashboardRoutes,
  ...catalogueRoutes,
  ruleRoutes,
  budgetRoutes,
  workOrderRoutes,
  landingRoutes,
  ...webhookRoutes,
  ...eventFeedFeature,
  ...auditExportFeature,
  ...notificationRoutes,
  delegationRoutes,
];
