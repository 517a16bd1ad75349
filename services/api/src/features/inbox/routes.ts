import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBody, inboxCounts } from "@procure/contracts";
import { readInbox } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";

const inboxRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get("/api/inbox", { onRequest: app.authenticate, schema: { tags: ["inbox"], response: { 200: inboxCounts, 401: errorBody } } }, async (request) =>
    readInbox(deps.db, request.actor, new Date()),
  );
};

export default inboxRoutes;
