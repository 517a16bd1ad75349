import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, invoiceDocumentTypeMessage, invoiceFile, isInvoiceDocumentType, type StoredEvent } from "@procure/contracts";
import { invoiceFilesDecider, notFound, orderDecider } from "@procure/domain";
import { getInvoiceFile, invoiceFileRow, listInvoiceFiles, orderOfInvoice, toInvoiceFile } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { newId } from "../../commands/new-id.ts";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponses } from "../../http/error-responses.ts";
import { receiveUpload, recordUpload, sendStoredFile, storedFileOf } from "../../http/upload.ts";

const reads = ["invoice-files"];
const tags = ["invoices"];
const errors = errorResponses(400, 401, 403, 404, 413, 415);

/**
 * The vendor's invoice document, kept in the same file store as a request's files and with the same upload rules;
 * those who work invoices attach it, and those who read invoices download it.
 */
const invoiceFileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const canRead = { preValidation: app.requirePermission("invoices:read") };
  const canWrite = { preValidation: app.requirePermission("invoices:write") };

  const orderOf = async (invoiceId: string) => {
    const orderId = await orderOfInvoice(deps.db, invoiceId);
    if (!orderId) throw new HttpError(404, "not_found", "Invoice not found.");
    return orderId;
  };

  app.post(
    "/api/invoices/:id/files",
    { ...canWrite, schema: { tags, params: idParams, consumes: ["multipart/form-data"], response: { 201: invoiceFile, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const orderId = await orderOf(id);
      const { file: received } = await receiveUpload(deps, request);
      if (!isInvoiceDocumentType(received.contentType)) {
        await deps.files.remove(received.storageKey);
        throw new HttpError(415, "unsupported_media_type", invoiceDocumentTypeMessage);
      }
      const fileId = newId(request);
      const file = storedFileOf(received, fileId);
      return recordUpload(deps, received, () =>
        handleCommand(deps, request, reply, {
          reads,
          status: 201,
          retryOnConflict: true,
          commands: async (load) => {
            const { state: order } = await load(orderDecider, orderId);
            const invoice = order.exists ? order.invoices.find((i) => i.invoice_id === id) : undefined;
            if (!order.exists || !invoice) throw notFound("Invoice not found.");
            const named = { invoice_id: id, order_id: orderId, vendor_id: invoice.vendor_id, number: invoice.number };
            return on(invoiceFilesDecider, id, { type: "AttachInvoiceFile", invoice: named, file });
          },
          respond: async (result) => {
            const attached = result.events.find((e): e is StoredEvent<"InvoiceFileAttached"> => e.type === "InvoiceFileAttached" && e.data.file_id === fileId);
            const row = attached ? invoiceFileRow(attached) : await getInvoiceFile(deps.db, id, fileId);
            if (!row) throw new HttpError(404, "not_found", "File not found.");
            return toInvoiceFile(row);
          },
        }),
      );
    },
  );

  app.get(
    "/api/invoices/:id/files",
    { ...canRead, config: { reads }, schema: { tags, params: idParams, response: { 200: z.array(invoiceFile), ...errors } } },
    async (request) => {
      await orderOf(request.params.id);
      return (await listInvoiceFiles(deps.db, request.params.id)).map(toInvoiceFile);
    },
  );

  app.get("/api/invoices/:id/files/:fileId", { ...canRead, schema: { tags, params: z.object({ id: z.uuid(), fileId: z.uuid() }) } }, async (request, reply) =>
    sendStoredFile(deps, reply, await getInvoiceFile(deps.db, request.params.id, request.params.fileId), "File not found."),
  );
};

export default invoiceFileRoutes;
