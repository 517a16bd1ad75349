import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, orderReceipt, receiptBody, type StoredEvent } from "@procure/contracts";
import { orderDecider } from "@procure/domain";
import { getOrder, listReceipts, receiptView } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { newId } from "../../commands/new-id.ts";
import { HttpError } from "../../plugins/errors.ts";
import { commandErrors } from "../../http/error-responses.ts";

const errors = commandErrors;

/**
 * Goods received against an order's lines. A receipt is decided on the order's stream, so two receipts of the last
 * open quantity cannot both pass: the second is decided again on the first's result and finds nothing open.
 */
const receiptRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  app.post(
    "/api/orders/:id/receipts",
    {
      preValidation: app.requirePermission("orders:receive"),
      schema: { tags: ["orders"], params: idParams, body: receiptBody, response: { 201: orderReceipt, ...errors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const receiptId = newId(request);
      const { lines, received_on, note } = request.body;
      return handleCommand(deps, request, reply, {
        reads: ["orders"],
        status: 201,
        retryOnConflict: true,
        commands: async (_load, now) =>
          on(orderDecider, id, {
            type: "ReceiveOrder",
            receipt: { receipt_id: receiptId, lines, received_on: received_on ?? now.slice(0, 10), note: note ?? null },
          }),
        respond: async (result) => {
          const received = result.events.find((event): event is StoredEvent<"PurchaseOrderReceived"> => event.type === "PurchaseOrderReceived");
          if (!received) throw new HttpError(404, "not_found", "Purchase order not found.");
          return receiptView(received);
        },
      });
    },
  );

  app.get(
    "/api/orders/:id/receipts",
    {
      preValidation: app.requirePermission("orders:read"),
      config: { reads: ["orders"] },
      schema: { tags: ["orders"], params: idParams, response: { 200: z.array(orderReceipt), ...errors } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await getOrder(deps.db, id))) throw new HttpError(404, "not_found", "Purchase order not found.");
      return listReceipts(deps.db, id);
    },
  );
};

export default receiptRoutes;
