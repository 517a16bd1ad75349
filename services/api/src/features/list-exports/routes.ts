import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  invoiceExportQuery,
  orderExportQuery,
  requestExportQuery,
  type Budget,
  type Invoice,
  type PurchaseOrder,
  type PurchaseRequest,
} from "@procure/contracts";
import { listRequests } from "@procure/projections";
import { listBudgets, listInvoices, listOrders } from "@procure/projections/purchasing";
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

const invoiceCsvColumns = [
  "id",
  "number",
  "vendor",
  "po_number",
  "invoice_date",
  "total",
  "match",
  "status",
  "paid_on",
  "payment_reference",
  "created_by",
  "created_at",
] as const;
const invoiceCsvLine = (i: Invoice) => [
  i.id,
  i.number,
  i.vendor_name,
  i.po_number,
  i.invoice_date,
  i.total,
  i.match,
  i.status,
  i.paid_on,
  i.payment_reference,
  i.created_by,
  i.created_at,
];

const budgetCsvColumns = ["id", "category", "period", "amount", "committed", "spent", "remaining", "updated_at"] as const;
const budgetCsvLine = (b: Budget) => [b.id, b.category_name, b.period, b.amount, b.committed, b.spent, b.remaining, b.updated_at];

/**
 * The Requests, Orders, Invoices and Budgets lists as CSV: the same filters, search and sort as the list (`GET /api/requests`,
 * `GET /api/orders`, `GET /api/invoices`, `GET /api/budgets`), every matching row rather than a page, streamed as it is read.
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

  app.get(
    "/api/invoices/export.csv",
    {
      preValidation: app.requirePermission("invoices:read"),
      config: { reads: ["invoices"] },
      schema: { tags: ["invoices"], querystring: invoiceExportQuery, response: { 200: csvListText(invoiceCsvColumns), ...commandErrors } },
    },
    async (request, reply) => {
      const { match, status, order_id, q } = request.query;
      return sendCsvList(
        reply,
        "invoices.csv",
        invoiceCsvColumns,
        (after) => listInvoices(deps.db, { match, status, orderId: order_id, q, limit: EXPORT_PAGE_ROWS, after: after ?? undefined }),
        invoiceCsvLine,
      );
    },
  );

  // Budgets are one short list (a category and period each), read whole like the screen reads it.
  app.get(
    "/api/budgets/export.csv",
    {
      preValidation: app.requirePermission("budgets:read"),
      config: { reads: ["budgets"] },
      schema: { tags: ["budgets"], response: { 200: csvListText(budgetCsvColumns), ...commandErrors } },
    },
    async (_request, reply) =>
      sendCsvList(reply, "budgets.csv", budgetCsvColumns, async () => ({ items: await listBudgets(deps.db), next: null }), budgetCsvLine),
  );
};

export default listExportRoutes;
