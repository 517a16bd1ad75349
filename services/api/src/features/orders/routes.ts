import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { can, idParams, orderHistory, orderListQuery, patchOrderBody, purchaseOrder, saveOrderBody } from "@procure/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { orderDecider, orderStreamId } from "@procure/domain";
import { findOrderRow, getOrder, listOrders, orderView, toPurchaseOrder } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { asWritten } from "../../commands/as-written.ts";
import { HttpError } from "../../plugins/errors.ts";
import { decodeSortCursor, linkNextPage } from "../../http/list-page.ts";
import { orderListFilter } from "./order-list-filter.ts";
import { orderHistoryOf } from "./order-history.ts";
import { PoNumberAllocator } from "./po-number-allocator.ts";
import { releaseRequest, saveOrderCommands, withLineIds, type OrderInput } from "./save-order.ts";
import { commandErrors, editErrors } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";

/**
 * The read models a command waits for: the answer's, and its request's, which an order command changes too (the PO
 * number, the requests ready for a PO, the history), so a read of that request after the answer shows the change.
 */
const reads = ["orders", "requests", "dashboard-requests", "request-audit"];
const errors = commandErrors;

const orderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const allocator = new PoNumberAllocator(deps.db);
  const canRead = { preValidation: app.requirePermission("orders:read"), config: { reads: ["orders"] } };
  const canWrite = { preValidation: app.requirePermission("orders:write") };

  const answerWithOrder = (id: string) => async () => {
    const row = await getOrder(deps.db, id);
    if (!row) throw new HttpError(404, "not_found", "Purchase order not found.");
    return row;
  };

  /** A new order may retry a lost race (for a generated number, say); an edit that lost one is a 409 to reload. */
  const save = async (request: FastifyRequest, reply: FastifyReply, id: string, input: OrderInput) => {
    let generated: string | null = null;
    try {
      return await handleCommand(deps, request, reply, {
        reads,
        status: input.kind === "create" ? 201 : 200,
        retryOnConflict: input.kind === "create",
        expectedVersion: input.kind === "create" ? undefined : ifMatch(request),
        commands: async (load, now) => {
          const planned = await saveOrderCommands(load, allocator, id, input, now);
          generated = planned.generated;
          return planned.commands;
        },
        respond: async (result, decidedOn) => {
          const order = await asWritten(deps.store, result, decidedOn, {
            streamId: orderStreamId(id),
            fold: orderView,
            stored: () => findOrderRow(deps.db, id),
          });
          if (!order || order.deleted_at) throw new HttpError(404, "not_found", "Purchase order not found.");
          return toPurchaseOrder(order);
        },
      });
    } catch (error) {
      // A refused command leaves no gap in the generated numbers.
      if (generated) allocator.release(generated);
      throw error;
    }
  };

  app.get(
    "/api/orders",
    { ...canRead, schema: { tags: ["orders"], querystring: orderListQuery, response: { 200: z.array(purchaseOrder), ...errors } } },
    async (request, reply) => {
      const { sortToken, filter } = orderListFilter(request.query);
      const after = decodeSortCursor(request.query.cursor, sortToken);
      const page = await listOrders(deps.db, { ...filter, limit: request.query.limit ?? 200, after });
      linkNextPage(reply, request.url, sortToken, page.next);
      return page.items;
    },
  );

  app.get(
    "/api/orders/:id",
    { ...canRead, schema: { tags: ["orders"], params: idParams, response: { 200: purchaseOrder, ...errors } } },
    async (request, reply) => withVersion(reply, await answerWithOrder(request.params.id)()),
  );

  app.get(
    "/api/orders/:id/history",
    { preValidation: app.requirePermission("orders:read"), schema: { tags: ["orders"], params: idParams, response: { 200: orderHistory, ...errors } } },
    async (request) => {
      const events = await deps.store.readStream(orderStreamId(request.params.id));
      if (events.length === 0) throw new HttpError(404, "not_found", "Purchase order not found.");
      return { items: orderHistoryOf(events, can(request.actor.role, "invoices:read")) };
    },
  );

  app.post(
    "/api/orders",
    { ...canWrite, schema: { tags: ["orders"], body: saveOrderBody, response: { 201: purchaseOrder, ...errors } } },
    async (request, reply) => save(request, reply, newId(request), { kind: "create", body: withLineIds(request.body, () => newId(request)) }),
  );

  app.put(
    "/api/orders/:id",
    { ...canWrite, schema: { tags: ["orders"], params: idParams, body: saveOrderBody, response: { 200: purchaseOrder, ...editErrors } } },
    async (request, reply) => save(request, reply, request.params.id, { kind: "replace", body: withLineIds(request.body, () => newId(request)) }),
  );

  app.patch(
    "/api/orders/:id",
    { ...canWrite, schema: { tags: ["orders"], params: idParams, body: patchOrderBody, response: { 200: purchaseOrder, ...editErrors } } },
    async (request, reply) => save(request, reply, request.params.id, { kind: "patch", body: withLineIds(request.body, () => newId(request)) }),
  );

  app.delete(
    "/api/orders/:id",
    { ...canWrite, schema: { tags: ["orders"], params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        status: 204,
        retryOnConflict: true,
        commands: async (load) => {
          const { state } = await load(orderDecider, id);
          const requestId = state.exists ? state.fields.request_id : null;
          return [on(orderDecider, id, { type: "DeleteOrder" }), ...(requestId ? [releaseRequest(id, requestId)] : [])];
        },
        respond: async () => null,
      });
    },
  );
};

export default orderRoutes;
