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
import * as domain from "@procure/domain";
import { feedDecider, punchoutDecider } from "@procure/domain";
import { findOverviewFeed, findOverviewPunchout } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { runCommand } from "../../commands/run-command.ts";
import { requireActiveCategory } from "./catalogue-refs.ts";
import { decideOn, rowOr404 } from "../../commands/decide-on.ts";
import { commandErrors } from "../../http/error-responses.ts";

const tags = ["catalogue"];

/** Where catalogue content comes from: vendor-managed feeds and PunchOut connections, and what they report. */
const sourceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  app.addHook("preValidation", app.requirePermission("catalogue:write"));
  const feed = (id: string) => rowOr404(() => findOverviewFeed(deps.db, id), "Vendor feed");
  const connection = (id: string) => rowOr404(() => findOverviewPunchout(deps.db, id), "PunchOut connection");

  app.post("/api/catalogue/feeds", { schema: { tags, body: vendorFeedBody, response: { 201: overviewFeed, ...commandErrors } } }, async (request, reply) => {
    const id = newId(request);
    await requireActiveCategory(deps, request.body.category_id);
    return runCommand(deps, request, reply, {
      status: 201,
      decide: decideOn(deps, feedDecider, id, () => domain.registerFeed(id, request.body)),
      respond: feed(id),
    });
  });

  app.post(
    "/api/catalogue/feeds/:id/imports",
    { schema: { tags, params: idParams, body: feedImportBody, response: { 200: overviewFeed, ...commandErrors } } },
    async (request, reply) =>
      runCommand(deps, request, reply, {
        decide: decideOn(deps, feedDecider, request.params.id, (state) => domain.recordFeedImport(state, request.body)),
        respond: feed(request.params.id),
      }),
  );

  app.post(
    "/api/catalogue/feeds/:id/review",
    { schema: { tags, params: idParams, response: { 200: overviewFeed, ...commandErrors } } },
    async (request, reply) =>
      runCommand(deps, request, reply, {
        decide: decideOn(deps, feedDecider, request.params.id, domain.reviewFeedChanges),
        respond: feed(request.params.id),
      }),
  );

  app.post(
    "/api/catalogue/punchout-connections",
    { schema: { tags, body: punchoutConnectionBody, response: { 201: overviewPunchout, ...commandErrors } } },
    async (request, reply) => {
      const id = newId(request);
      await requireActiveCategory(deps, request.body.category_id);
      return runCommand(deps, request, reply, {
        status: 201,
        decide: decideOn(deps, punchoutDecider, id, () => domain.createPunchoutConnection(id, request.body)),
        respond: connection(id),
      });
    },
  );

  app.patch(
    "/api/catalogue/punchout-connections/:id",
    { schema: { tags, params: idParams, body: punchoutConnectionPatchBody, response: { 200: overviewPunchout, ...commandErrors } } },
    async (request, reply) => {
      if (request.body.category_id) await requireActiveCategory(deps, request.body.category_id);
      return runCommand(deps, request, reply, {
        decide: decideOn(deps, punchoutDecider, request.params.id, (state) => domain.updatePunchoutConnection(state, request.body)),
        respond: connection(request.params.id),
      });
    },
  );

  app.post(
    "/api/catalogue/punchout-connections/:id/transactions",
    { schema: { tags, params: idParams, body: punchoutTransactionsBody, response: { 200: overviewPunchout, ...commandErrors } } },
    async (request, reply) =>
      runCommand(deps, request, reply, {
        decide: decideOn(deps, punchoutDecider, request.params.id, (state) =>
          domain.recordPunchoutTransactions(state, request.body.carts, request.body.successful_carts),
        ),
        respond: connection(request.params.id),
      }),
  );
};

export default sourceRoutes;
