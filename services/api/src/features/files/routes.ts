import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorCodes, idParams, requestFile } from "@procure/contracts";
import { requestDecider } from "@procure/domain";
import { getFile, listFiles, toRequestFile } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { visibleRequest } from "../requests/access.ts";
import { errorResponses } from "../../http/error-responses.ts";
import { declaredContentType, downloadHeaders, servedContentType } from "./content-types.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["request-files"];
const errors = errorResponses(400, 401, 403, 404, 413);

/** Uploads keep their bytes on disk and their metadata and sha256 in a RequestFileAttached event. */
const fileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  app.post(
    "/api/requests/:id/files",
    { schema: { tags: ["files"], params: idParams, consumes: ["multipart/form-data"], response: { 201: requestFile, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!request.isMultipart()) throw new HttpError(400, errorCodes.validation, "Send the file as multipart/form-data in a field named file.");
      const part = await request.file({ limits: { fileSize: deps.env.UPLOAD_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== "file") throw new HttpError(400, errorCodes.validation, "Choose a file to upload.");
      const contentType = declaredContentType(part.mimetype);
      const stored = await deps.files.save(part.file, deps.env.UPLOAD_MAX_BYTES);
      const fileId = newId(request);
      // eslint-disable-next-line no-control-regex -- control characters are what a stored file name must not hold
      const filename = part.filename.replace(/[\\/\u0000-\u001f]/g, "_").slice(0, 255) || "file";
      try {
        const file = {
          file_id: fileId,
          filename,
          content_type: contentType,
          size: stored.size,
          sha256: stored.sha256,
          storage_key: stored.storageKey,
        };
        return await handleCommand(deps, request, reply, {
          reads,
          status: 201,
          retryOnConflict: true,
          commands: on(requestDecider, id, { type: "AttachFile", file }),
          respond: async () => {
            const row = await getFile(deps.db, id, fileId);
            if (row) return toRequestFile(row);
            return {
              id: fileId,
              filename,
              url: `/api/requests/${id}/files/${fileId}`,
              size: stored.size,
              content_type: contentType,
              sha256: stored.sha256,
              uploaded_by: request.actor.email,
              created_at: new Date().toISOString(),
            };
          },
        });
      } catch (error) {
        // The event never landed, so nothing refers to the bytes.
        await deps.files.remove(stored.storageKey);
        throw error;
      }
    },
  );

  app.get("/api/requests/:id/files", { schema: { tags: ["files"], params: idParams, response: { 200: z.array(requestFile), ...errors } } }, async (request) => {
    await visibleRequest(deps, request.actor, request.params.id);
    return (await listFiles(deps.db, request.params.id)).map(toRequestFile);
  });

  app.get("/api/requests/:id/files/:fileId", { schema: { tags: ["files"], params: z.object({ id: z.uuid(), fileId: z.uuid() }) } }, async (request, reply) => {
    await visibleRequest(deps, request.actor, request.params.id);
    const row = await getFile(deps.db, request.params.id, request.params.fileId);
    if (!row || !(await deps.files.exists(row.storage_key))) throw new HttpError(404, "not_found", "File not found.");
    const asciiName = row.filename.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "'");
    return reply
      .headers(downloadHeaders)
      .header("content-type", servedContentType(row.content_type))
      .header("content-length", String(row.size))
      .header("content-disposition", `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
      .send(deps.files.open(row.storage_key));
  });
};

export default fileRoutes;
