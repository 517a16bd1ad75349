import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorCodes, idParams, outboxListQuery, outboxMail } from "@procure/contracts";
import { getOutboxMail, listOutbox, retryMail } from "@procure/notifier";
import type { AppDeps } from "../../deps.ts";
import { errorResponses } from "../../http/error-responses.ts";
import { HttpError } from "../../plugins/errors.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/** The notifier's outbox for admins: recent mails with their status and last error, and a retry for failed ones. */
const outboxRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const manage = app.requirePermission("notifications:manage");
  const tags = ["notifications"];

  app.get(
    "/api/notifications/outbox",
    { preValidation: manage, schema: { tags, querystring: outboxListQuery, response: { 200: z.array(outboxMail), ...errors } } },
    async (request) => listOutbox(deps.db, { status: request.query.status, limit: request.query.limit ?? 100 }),
  );

  app.post(
    "/api/notifications/outbox/:id/retry",
    { preValidation: manage, schema: { tags, params: idParams, response: { 202: outboxMail, ...errors } } },
    async (request, reply) => {
      const mail = await getOutboxMail(deps.db, request.params.id);
      if (!mail) throw new HttpError(404, errorCodes.notFound, "Mail not found.");
      if (!(await retryMail(deps.db, mail.id, new Date())))
        throw new HttpError(409, errorCodes.conflict, `Only failed mails can be sent again; this one is ${mail.status}.`);
      reply.code(202);
      return (await getOutboxMail(deps.db, mail.id))!;
    },
  );
};

export default outboxRoutes;
