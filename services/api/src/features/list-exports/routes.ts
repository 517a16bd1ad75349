import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orderExportQuery, requestExportQuery, type PurchaseOrder, type PurchaseRequest } from "@procure/contracts";
import { listRequests } from "@procure/projections";
import { listOrders } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { csvListText, EXPORT_PAGE_ROWS, sendCsvList } from "../../http/csv-export.ts";
import { commandErrors } from "../../http/error-responses.ts";
import { requestListFilter } from "../requests/request-list-filter.ts";
import { orderListFilter } from "../orders/order-list-filter.ts";

const requestCsvColumns = [
  "id",
  "title",
  "status",
  "amount",
  "category",
  "vendor",
  "requester",
  "current_stage_role",
  "po_number",
  "created_at",
  "updated_at",
] as const;
const requestCsvLine = (r: PurchaseRequest) => [
  r.id,
  r.title,
  r.status,
  r.amount,
  r.category_name,
  r.vendor_name,
  r.requester_email,
  r.current_stage_role,
  r.po_number,
  r.created_at,
  r.updated_at,
];

const orderCsvColumns = ["id", "po_number", "status", "vendor", "total", "expected_date", "request_id", "notes", "created_at", "updated_at"] as const;
const orderCsvLine = (o: PurchaseOrder) => [
  o.id,
  o.po_number,
  o.status,
  o.vendor_name,
  o.total,
  o.expected_date,
  o.request_id,
  o.notes,
  o.created_at,
  o.updated_at,
];

/**
 * The Requests and Orders lists as CSV: the same filters, search and sort as the list (`GET /api/requests`,
 * `GET /api/orders`), every matching row rather than a page, streamed as it is read.
 */
const listExportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  app.get(
    "/api/requests/export.csv",
    {
      config: { reads: ["requests"] },
      schema: { tags: ["requests"], querystring: requestExportQuery, response: { 200: csvListText(requestCsvColumns), ...commandErrors } },
    },
    async (request, reply) => {
      const { filter } = requestListFilter(request.query, request.actor);
      return sendCsvList(
        reply,
        "requests.csv",
        requestCsvColumns,
        (after) => listRequests(deps.db, { ...filter, limit: EXPORT_PAGE_ROWS, after: after ?? undefined }),
        requestCsvLine,
      );
    },
  );

  app.get(
    "/api/orders/export.csv",
    {
      preValidation: app.requirePermission("orders:read"),
      config: { reads: ["orders"] },
      schema: { tags: ["orders"], querystring: orderExportQuery, response: { 200: csvListText(orderCsvColumns), ...commandErrors } },
    },
    async (request, reply) => {
      const { filter } = orderListFilter(request.query);
      return sendCsvList(
        reply,
        "purchase-orders.csv",
        orderCsvColumns,
        (after) => listOrders(deps.db, { ...filter, limit: EXPORT_PAGE_ROWS, after: after ?? undefined }),
        orderCsvLine,
      );
    },
  );
};

export default listExportRoutes;
