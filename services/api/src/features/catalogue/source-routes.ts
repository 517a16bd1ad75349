import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  feedImportBody,
  idParams,
  overviewFeed,
  overviewPunchout,
  punchoutConnectionBody,
  punchoutConnectionPatchBody,
  punchoutTransactionsBody,
  vendorFeedBody,
} from "@procure/contracts";
import { feedDecider, punchoutDecider } from "@procure/domain";
import { findOverviewFeed, findOverviewPunchout } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { requireActiveCategory } from "./catalogue-refs.ts";
import { rowOr404 } from "../../http/row-or-404.ts";
import { commandErrors } from "../../http/error-responses.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["vendor-feeds", "punchout-connections"];
const tags = ["catalogue"];

/** Where catalogue content comes from: vendor-managed feeds and PunchOut connections, and what they report. */
const sourceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  app.addHook("preValidation", app.requirePermission("catalogue:write"));
  const feed = (id: string) => rowOr404(() => findOverviewFeed(deps.db, id), "Vendor feed");
  const connection = (id: string) => rowOr404(() => findOverviewPunchout(deps.db, id), "PunchOut connection");

  app.post("/api/catalogue/feeds", { schema: { tags, body: vendorFeedBody, response: { 201: overviewFeed, ...commandErrors } } }, async (request, reply) => {
    const id = newId(request);
    return handleCommand(deps, request, reply, {
      reads,
      status: 201,
      commands: async (load) => {
        await requireActiveCategory(load, request.body.category_id);
        return on(feedDecider, id, { type: "RegisterFeed", feed: request.body });
      },
      respond: feed(id),
    });
  });

  app.post(
    "/api/catalogue/feeds/:id/imports",
    { schema: { tags, params: idParams, body: feedImportBody, response: { 200: overviewFeed, ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        commands: on(feedDecider, request.params.id, { type: "RecordFeedImport", import: request.body }),
        respond: feed(request.params.id),
      }),
  );

  app.post(
    "/api/catalogue/feeds/:id/review",
    { schema: { tags, params: idParams, response: { 200: overviewFeed, ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        commands: on(feedDecider, request.params.id, { type: "ReviewFeedChanges" }),
        respond: feed(request.params.id),
      }),
  );

  app.post(
    "/api/catalogue/punchout-connections",
    { schema: { tags, body: punchoutConnectionBody, response: { 201: overviewPunchout, ...commandErrors } } },
    async (request, reply) => {
      const id = newId(request);
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        commands: async (load) => {
          await requireActiveCategory(load, request.body.category_id);
          return on(punchoutDecider, id, { type: "CreatePunchoutConnection", connection: request.body });
        },
        respond: connection(id),
      });
    },
  );

  app.patch(
    "/api/catalogue/punchout-connections/:id",
    { schema: { tags, params: idParams, body: punchoutConnectionPatchBody, response: { 200: overviewPunchout, ...commandErrors } } },
    async (request, reply) => {
      return handleCommand(deps, request, reply, {
        reads,
        commands: async (load) => {
          if (request.body.category_id) await requireActiveCategory(load, request.body.category_id);
          return on(punchoutDecider, request.params.id, { type: "UpdatePunchoutConnection", changes: request.body });
        },
        respond: connection(request.params.id),
      });
    },
  );

  app.post(
    "/api/catalogue/punchout-connections/:id/transactions",
    { schema: { tags, params: idParams, body: punchoutTransactionsBody, response: { 200: overviewPunchout, ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        commands: on(punchoutDecider, request.params.id, {
          type: "RecordPunchoutTransactions",
          carts: request.body.carts,
          successful: request.body.successful_carts,
        }),
        respond: connection(request.params.id),
      }),
  );
};

export default sourceRoutes;
