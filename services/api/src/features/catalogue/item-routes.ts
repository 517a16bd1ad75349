import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueItemBody, catalogueItemPatchBody, errorCodes, idParams, overviewItem } from "@procure/contracts";
import { itemDecider } from "@procure/domain";
import { findItemIdBySku, findOverviewItem } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { requireActiveCategory } from "./catalogue-refs.ts";
import { rowOr404 } from "../../http/row-or-404.ts";
import { commandErrors } from "../../http/error-responses.ts";

/** SKUs are unique across the catalogue (case-insensitively), so requesters never see two items under one code. */
async function requireFreeSku(deps: AppDeps, sku: string | undefined, itemId: string) {
  if (!sku) return;
  const holder = await findItemIdBySku(deps.db, sku);
  if (holder && holder !== itemId) throw new HttpError(409, errorCodes.conflict, `SKU ${sku} is already in the catalogue.`);
}

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["catalogue-items"];
const itemRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const writer = app.requirePermission("catalogue:write");
  const answer = (id: string) => rowOr404(() => findOverviewItem(deps.db, id), "Catalogue item");

  app.post(
    "/api/catalogue/items",
    { preValidation: writer, schema: { tags: ["catalogue"], body: catalogueItemBody, response: { 201: overviewItem, ...commandErrors } } },
    async (request, reply) => {
      const id = newId(request);
      await requireActiveCategory(deps, request.body.category_id);
      await requireFreeSku(deps, request.body.sku, id);
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        commands: on(itemDecider, id, { type: "CreateItem", item: request.body }),
        respond: answer(id),
      });
    },
  );

  app.patch(
    "/api/catalogue/items/:id",
    {
      preValidation: writer,
      schema: { tags: ["catalogue"], params: idParams, body: catalogueItemPatchBody, response: { 200: overviewItem, ...commandErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.body.category_id) await requireActiveCategory(deps, request.body.category_id);
      await requireFreeSku(deps, request.body.sku, id);
      return handleCommand(deps, request, reply, {
        reads,
        commands: on(itemDecider, id, { type: "UpdateItem", changes: request.body }),
        respond: answer(id),
      });
    },
  );
};

export default itemRoutes;
