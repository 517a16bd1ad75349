import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  approveInvoiceBody,
  disputeInvoiceBody,
  idParams,
  invoice,
  invoiceListQuery,
  payInvoiceBody,
  recordInvoiceBody,
  rejectInvoiceBody,
  type OrderCommand,
} from "@procure/contracts";
import { controlsSettingsDecider, invoiceNumberDecider, invoiceNumberId, matchingSettingsDecider, notFound, orderDecider } from "@procure/domain";
import { getInvoice, listInvoices, orderOfInvoice } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { newId } from "../../commands/new-id.ts";
import { HttpError } from "../../plugins/errors.ts";
import { commandErrors } from "../../http/error-responses.ts";
import { decodeSortCursor, linkNextPage } from "../../http/list-page.ts";
import { invoiceAsWritten, invoicesSeenBy } from "./invoice-answer.ts";

/** The read models an invoice command changes: the invoice's, and its order's invoiced quantities. */
const reads = ["invoices", "orders"];
const tags = ["invoices"];
const errors = commandErrors;
/** The cursor's tag: newest invoice date first, then newest recorded (see `listInvoices`). */
const LIST_SORT = "-invoice_date";

/** A step of a recorded invoice, without the separation of duties that approve and pay read from its stream. */
type MoveInvoice = DistributiveOmit<
  Extract<OrderCommand, { type: "ApproveInvoice" | "PayInvoice" | "DisputeInvoice" | "ResolveInvoiceDispute" | "RejectInvoice" }>,
  "controls"
>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Vendor invoices against purchase orders and their three-way match. Every invoice command is decided on its order's
 * stream, so an invoice, a receipt and an approval of the same order never race.
 */
const invoiceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const canRead = { preValidation: app.requirePermission("invoices:read"), config: { reads: ["invoices"] } };
  const canWrite = { preValidation: app.requirePermission("invoices:write") };

  /** Each step names the invoice; the order it was recorded on never changes, so the read model may tell it. */
  const moveInvoice = async (request: FastifyRequest, reply: FastifyReply, invoiceId: string, command: MoveInvoice) => {
    const orderId = await orderOfInvoice(deps.db, invoiceId);
    if (!orderId) throw new HttpError(404, "not_found", "Invoice not found.");
    return handleCommand(deps, request, reply, {
      reads,
      commands: async (load) =>
        on(
          orderDecider,
          orderId,
          command.type === "ApproveInvoice" || command.type === "PayInvoice"
            ? { ...command, controls: (await load(controlsSettingsDecider, "")).state }
            : command,
        ),
      respond: (result, decidedOn) => invoiceAsWritten(deps, request.actor, result, decidedOn, orderId, invoiceId),
    });
  };

  app.get(
    "/api/invoices",
    { ...canRead, schema: { tags, querystring: invoiceListQuery, response: { 200: z.array(invoice), ...errors } } },
    async (request, reply) => {
      const { match, status, order_id, q, limit, cursor } = request.query;
      const page = await listInvoices(deps.db, { match, status, orderId: order_id, q, limit: limit ?? 200, after: decodeSortCursor(cursor, LIST_SORT) });
      linkNextPage(reply, request.url, LIST_SORT, page.next);
      return invoicesSeenBy(deps, request.actor, page.items);
    },
  );

  app.get("/api/invoices/:id", { ...canRead, schema: { tags, params: idParams, response: { 200: invoice, ...errors } } }, async (request) => {
    const found = await getInvoice(deps.db, request.params.id);
    if (!found) throw new HttpError(404, "not_found", "Invoice not found.");
    return (await invoicesSeenBy(deps, request.actor, [found]))[0]!;
  });

  app.post("/api/invoices", { ...canWrite, schema: { tags, body: recordInvoiceBody, response: { 201: invoice, ...errors } } }, async (request, reply) => {
    const invoiceId = newId(request);
    const { order_id, number, invoice_date, lines, notes } = request.body;
    return handleCommand(deps, request, reply, {
      reads,
      status: 201,
      // A receipt or another invoice of the order meanwhile re-decides the match; a taken number is then a 409.
      retryOnConflict: true,
      commands: async (load) => {
        const { state: order } = await load(orderDecider, order_id);
        if (!order.exists || order.deleted) throw notFound("Purchase order not found.");
        const { state: settings } = await load(matchingSettingsDecider, "");
        const record = on(orderDecider, order_id, {
          type: "RecordInvoice",
          invoice: { invoice_id: invoiceId, number, invoice_date, lines, notes: notes ?? null, tolerance_percent: settings.tolerance_percent },
        });
        const vendorId = order.fields.vendor_id;
        // Without a vendor the order refuses the invoice; there is no vendor to hold the number for.
        if (!vendorId) return record;
        return [
          record,
          on(invoiceNumberDecider, invoiceNumberId(vendorId, number), { type: "ReserveInvoiceNumber", vendor_id: vendorId, number, invoice_id: invoiceId }),
        ];
      },
      respond: (result, decidedOn) => invoiceAsWritten(deps, request.actor, result, decidedOn, order_id, invoiceId),
    });
  });

  app.post(
    "/api/invoices/:id/approve",
    { ...canWrite, schema: { tags, params: idParams, body: approveInvoiceBody, response: { 200: invoice, ...errors } } },
    async (request, reply) =>
      moveInvoice(request, reply, request.params.id, { type: "ApproveInvoice", invoice_id: request.params.id, comment: request.body.comment ?? null }),
  );

  app.post(
    "/api/invoices/:id/pay",
    { ...canWrite, schema: { tags, params: idParams, body: payInvoiceBody, response: { 200: invoice, ...errors } } },
    async (request, reply) => moveInvoice(request, reply, request.params.id, { type: "PayInvoice", invoice_id: request.params.id, ...request.body }),
  );

  app.post(
    "/api/invoices/:id/dispute",
    { ...canWrite, schema: { tags, params: idParams, body: disputeInvoiceBody, response: { 200: invoice, ...errors } } },
    async (request, reply) => moveInvoice(request, reply, request.params.id, { type: "DisputeInvoice", invoice_id: request.params.id, ...request.body }),
  );

  app.post("/api/invoices/:id/resolve", { ...canWrite, schema: { tags, params: idParams, response: { 200: invoice, ...errors } } }, async (request, reply) =>
    moveInvoice(request, reply, request.params.id, { type: "ResolveInvoiceDispute", invoice_id: request.params.id }),
  );

  app.post(
    "/api/invoices/:id/reject",
    { ...canWrite, schema: { tags, params: idParams, body: rejectInvoiceBody, response: { 200: invoice, ...errors } } },
    async (request, reply) => moveInvoice(request, reply, request.params.id, { type: "RejectInvoice", invoice_id: request.params.id, ...request.body }),
  );
};

export default invoiceRoutes;
