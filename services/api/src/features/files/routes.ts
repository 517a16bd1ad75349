import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, requestFile } from "@procure/contracts";
import { requestDecider } from "@procure/domain";
import { getFile, listFiles, toRequestFile } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { visibleRequest } from "../requests/access.ts";
import { errorResponses } from "../../http/error-responses.ts";
import { receiveUpload, recordUpload, sendStoredFile, storedFileOf } from "../../http/upload.ts";

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
      const { file: received } = await receiveUpload(deps, request);
      const fileId = newId(request);
      const file = storedFileOf(received, fileId);
      return recordUpload(deps, received, () =>
        handleCommand(deps, request, reply, {
          reads,
          status: 201,
          retryOnConflict: true,
          commands: on(requestDecider, id, { type: "AttachFile", file }),
          respond: async () => {
            const row = await getFile(deps.db, id, fileId);
            if (row) return toRequestFile(row);
            return {
              id: fileId,
              filename: file.filename,
              url: `/api/requests/${id}/files/${fileId}`,
              size: file.size,
              content_type: file.content_type,
              sha256: file.sha256,
              uploaded_by: request.actor.email,
              created_at: new Date().toISOString(),
            };
          },
        }),
      );
    },
  );

  app.get("/api/requests/:id/files", { schema: { tags: ["files"], params: idParams, response: { 200: z.array(requestFile), ...errors } } }, async (request) => {
    await visibleRequest(deps, request.actor, request.params.id);
    return (await listFiles(deps.db, request.params.id)).map(toRequestFile);
  });

  app.get("/api/requests/:id/files/:fileId", { schema: { tags: ["files"], params: z.object({ id: z.uuid(), fileId: z.uuid() }) } }, async (request, reply) => {
    await visibleRequest(deps, request.actor, request.params.id);
    const row = await getFile(deps.db, request.params.id, request.params.fileId);
    return sendStoredFile(deps, reply, row, "File not found.");
  });
};

export default fileRoutes;
