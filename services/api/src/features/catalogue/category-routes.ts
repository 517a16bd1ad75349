import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { categoryBody, categoryListQuery, categoryPatchBody, categorySummary, idParams } from "@procure/contracts";
import { categoryDecider } from "@procure/domain";
import { findCategorySummary, listCategorySummaries } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { parentLineage } from "./catalogue-refs.ts";
import { rowOr404 } from "../../http/row-or-404.ts";
import { commandErrors, editErrors } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["categories", "catalogue-items"];
const categoryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const writer = app.requirePermission("catalogue:write");
  const summary = (id: string) => rowOr404(() => findCategorySummary(deps.db, id), "Category");

  app.get(
    "/api/categories",
    {
      preValidation: app.requirePermission("catalogue:read"),
      schema: { tags: ["catalogue"], querystring: categoryListQuery, response: { 200: z.array(categorySummary), ...commandErrors } },
    },
    async (request) => listCategorySummaries(deps.db, request.query.include_archived === "true"),
  );

  app.get(
    "/api/categories/:id",
    {
      preValidation: app.requirePermission("catalogue:read"),
      config: { reads },
      schema: { tags: ["catalogue"], params: idParams, response: { 200: categorySummary, ...commandErrors } },
    },
    async (request, reply) => withVersion(reply, await summary(request.params.id)()),
  );

  app.post(
    "/api/categories",
    { preValidation: writer, schema: { tags: ["catalogue"], body: categoryBody, response: { 201: categorySummary, ...commandErrors } } },
    async (request, reply) => {
      const id = newId(request);
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        commands: async (load) =>
          on(categoryDecider, id, { type: "CreateCategory", category: request.body, parent_lineage: await parentLineage(load, request.body.parent_id) }),
        respond: summary(id),
      });
    },
  );

  app.patch(
    "/api/categories/:id",
    {
      preValidation: writer,
      schema: { tags: ["catalogue"], params: idParams, body: categoryPatchBody, response: { 200: categorySummary, ...editErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        expectedVersion: ifMatch(request),
        commands: async (load) =>
          on(categoryDecider, id, { type: "UpdateCategory", changes: request.body, parent_lineage: await parentLineage(load, request.body.parent_id) }),
        respond: summary(id),
      });
    },
  );

  /** Archiving keeps the history (requests still name the category) but takes it out of lists and routing. */
  app.delete(
    "/api/categories/:id",
    { preValidation: writer, schema: { tags: ["catalogue"], params: idParams, response: { 204: z.null(), ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        status: 204,
        commands: on(categoryDecider, request.params.id, { type: "ArchiveCategory" }),
        respond: async () => null,
      }),
  );
};

export default categoryRoutes;
