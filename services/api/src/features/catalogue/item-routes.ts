import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueItemBody, catalogueItemPatchBody, errorCodes, idParams, overviewItem, skuKey } from "@procure/contracts";
import { itemDecider, skuDecider, skuTakenMessage } from "@procure/domain";
import { findItemIdBySku, findOverviewItem } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on, type LoadStream, type StreamCommand } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { requireActiveCategory, requireVendor } from "./catalogue-refs.ts";
import { rowOr404 } from "../../http/row-or-404.ts";
import { commandErrors, editErrors } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";

/**
 * SKUs are unique across the catalogue (case-insensitively), so requesters never see two items under one code. Each
 * SKU is a reservation stream: an item takes its new SKU and frees its old one in the command that saves it, so of
 * two items saved with one SKU at once exactly one wins. Items saved before SKUs were reserved hold theirs only in the
 * read model, which is asked too.
 */
async function skuSteps(deps: AppDeps, load: LoadStream, itemId: string, sku: string | undefined): Promise<StreamCommand[]> {
  if (sku === undefined) return [];
  const item = await load(itemDecider, itemId);
  const current = item.state.exists ? item.state.data.sku : null;
  if (current !== null && skuKey(current) === skuKey(sku)) return [];
  const holder = await findItemIdBySku(deps.db, sku);
  if (holder && holder !== itemId) throw new HttpError(409, errorCodes.conflict, skuTakenMessage(sku));
  const steps = [on(skuDecider, sku, { type: "ReserveSku", sku, item_id: itemId })];
  if (current !== null) steps.push(on(skuDecider, current, { type: "ReleaseSku", sku: current, item_id: itemId }));
  return steps;
}

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["catalogue-items", "vendors"];
const itemRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const writer = app.requirePermission("catalogue:write");
  const answer = (id: string) => rowOr404(() => findOverviewItem(deps.db, id), "Catalogue item");

  app.get(
    "/api/catalogue/items/:id",
    {
      preValidation: app.requirePermission("catalogue:read"),
      config: { reads },
      schema: { tags: ["catalogue"], params: idParams, response: { 200: overviewItem, ...commandErrors } },
    },
    async (request, reply) => withVersion(reply, await answer(request.params.id)()),
  );

  app.post(
    "/api/catalogue/items",
    { preValidation: writer, schema: { tags: ["catalogue"], body: catalogueItemBody, response: { 201: overviewItem, ...commandErrors } } },
    async (request, reply) => {
      const id = newId(request);
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        commands: async (load) => {
          await requireActiveCategory(load, request.body.category_id);
          await requireVendor(load, request.body.vendor_id);
          return [on(itemDecider, id, { type: "CreateItem", item: request.body }), ...(await skuSteps(deps, load, id, request.body.sku))];
        },
        respond: answer(id),
      });
    },
  );

  app.patch(
    "/api/catalogue/items/:id",
    {
      preValidation: writer,
      schema: { tags: ["catalogue"], params: idParams, body: catalogueItemPatchBody, response: { 200: overviewItem, ...editErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        expectedVersion: ifMatch(request),
        commands: async (load) => {
          if (request.body.category_id) await requireActiveCategory(load, request.body.category_id);
          await requireVendor(load, request.body.vendor_id);
          return [on(itemDecider, id, { type: "UpdateItem", changes: request.body }), ...(await skuSteps(deps, load, id, request.body.sku))];
        },
        respond: answer(id),
      });
    },
  );
};

export default itemRoutes;
