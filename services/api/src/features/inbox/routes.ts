import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { can, errorBody, inboxCounts, inboxItemsResponse, markSeenBody } from "@procure/contracts";
import { userDecider } from "@procure/domain";
import { delegatorsToday } from "../delegation/stand-ins.ts";
import { loadState } from "../../commands/load-stream.ts";
import { countVendorsNeedingAttention, listInboxItems, readInbox, unseenChanges } from "@procure/projections";
import { diligenceDay } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { commandErrors } from "../../http/error-responses.ts";

/** What waits for the signed-in user, from the inbox read model: the answers after a command read it. */
const reads = ["inbox"];

const inboxRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  const standingInFor = (userId: string, now: Date) => delegatorsToday((decider, id) => loadState(deps, decider, id), userId, now);

  app.get("/api/inbox", { schema: { tags: ["inbox"], response: { 200: inboxCounts, 401: errorBody, 403: errorBody } } }, async (request) => {
    const now = new Date();
    const keepsDocuments = can(request.actor.role, "vendor-documents:write");
    const [inbox, vendorDiligence] = await Promise.all([
      readInbox(deps.db, request.actor.id, now, await standingInFor(request.actor.id, now)),
      keepsDocuments ? countVendorsNeedingAttention(deps.db, diligenceDay(now)) : null,
    ]);
    return { ...inbox, vendor_diligence: vendorDiligence };
  });

  app.get("/api/inbox/items", { schema: { tags: ["inbox"], response: { 200: inboxItemsResponse, 401: errorBody, 403: errorBody } } }, async (request) => {
    const now = new Date();
    return { items: await listInboxItems(deps.db, request.actor.id, now, await standingInFor(request.actor.id, now)) };
  });

  app.post("/api/inbox/seen", { schema: { tags: ["inbox"], body: markSeenBody, response: { 204: z.null(), ...commandErrors } } }, async (request, reply) => {
    // Only changes still waiting are recorded as seen: opening a request twice writes nothing the second time.
    const unseen = await unseenChanges(deps.db, request.actor.id, request.body.request_ids);
    if (unseen.length === 0) return reply.code(204).send(null);
    await handleCommand(deps, request, reply, {
      reads,
      status: 204,
      retryOnConflict: true,
      commands: on(userDecider, request.actor.id, { type: "MarkRequestsSeen", request_ids: unseen }),
      respond: async () => null,
    });
    return reply;
  });
};

export default inboxRoutes;
