import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorCodes, idParams, vendorDocument, vendorDocumentFields, vendorDocumentParams, type StoredEvent } from "@procure/contracts";
import { vendorDecider } from "@procure/domain";
import { getVendor, getVendorDocument, listVendorDocuments, toVendorDocument, vendorDocumentRow } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { newId } from "../../commands/new-id.ts";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponses } from "../../http/error-responses.ts";
import { receiveUpload, recordUpload, sendStoredFile } from "../../http/upload.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["vendor-documents"];
const tags = ["vendors"];
const errors = errorResponses(400, 401, 403, 404, 409, 413);

/** A vendor's diligence documents: W-9, insurance and the like, each with the day it runs out. */
const vendorDocumentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const readable = { preValidation: app.requirePermission("vendor-documents:read") };
  const writable = { preValidation: app.requirePermission("vendor-documents:write") };

  const existingVendor = async (id: string) => {
    if (!(await getVendor(deps.db, id))) throw new HttpError(404, "not_found", "Vendor not found.");
  };

  app.post(
    "/api/vendors/:id/documents",
    { ...writable, schema: { tags, params: idParams, consumes: ["multipart/form-data"], response: { 201: vendorDocument, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const { file, fields } = await receiveUpload(deps, request);
      const parsed = vendorDocumentFields.safeParse(fields);
      if (!parsed.success) {
        await deps.files.remove(file.storageKey);
        throw new HttpError(400, errorCodes.validation, parsed.error.issues.map((issue) => issue.message).join(" "));
      }
      const documentId = newId(request);
      const document = {
        document_id: documentId,
        kind: parsed.data.kind,
        filename: file.filename,
        content_type: file.contentType,
        size: file.size,
        sha256: file.sha256,
        storage_key: file.storageKey,
        expires_on: parsed.data.expires_on ?? null,
      };
      return recordUpload(deps, file, () =>
        handleCommand(deps, request, reply, {
          reads,
          status: 201,
          retryOnConflict: true,
          commands: on(vendorDecider, id, { type: "AddVendorDocument", document }),
          respond: async (result) => {
            const added = result.events.find(
              (e): e is StoredEvent<"VendorDocumentAdded"> => e.type === "VendorDocumentAdded" && e.data.document_id === documentId,
            );
            const row = added ? vendorDocumentRow(added) : await getVendorDocument(deps.db, id, documentId);
            if (!row) throw new HttpError(404, "not_found", "Document not found.");
            return toVendorDocument(row);
          },
        }),
      );
    },
  );

  app.get(
    "/api/vendors/:id/documents",
    { ...readable, schema: { tags, params: idParams, response: { 200: z.array(vendorDocument), ...errors } } },
    async (request) => {
      await existingVendor(request.params.id);
      return (await listVendorDocuments(deps.db, request.params.id)).map(toVendorDocument);
    },
  );

  app.get("/api/vendors/:id/documents/:docId", { ...readable, schema: { tags, params: vendorDocumentParams } }, async (request, reply) =>
    sendStoredFile(deps, reply, await getVendorDocument(deps.db, request.params.id, request.params.docId), "Document not found."),
  );

  app.delete(
    "/api/vendors/:id/documents/:docId",
    { ...writable, schema: { tags, params: vendorDocumentParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { id, docId } = request.params;
      await handleCommand(deps, request, reply, {
        reads,
        status: 204,
        retryOnConflict: true,
        commands: on(vendorDecider, id, { type: "RemoveVendorDocument", document_id: docId }),
        respond: async () => null,
      });
      return reply;
    },
  );
};

export default vendorDocumentRoutes;
