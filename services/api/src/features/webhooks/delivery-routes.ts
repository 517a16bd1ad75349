import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deliveryListQuery, idParams, webhookDelivery, webhookDeliveryParams } from "@procure/contracts";
import { getWebhookEndpoint } from "@procure/projections/webhooks";
import { getDelivery, listDeliveries, queueTestEvent, replayDelivery } from "@procure/webhooks";
import type { AppDeps } from "../../deps.ts";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponses } from "../../http/error-responses.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The delivery log of an endpoint, replays and test events. These write the dispatcher's delivery table, not the
 * log: a delivery is operational state, and a replay sends an event the log already holds.
 */
const deliveryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const manage = app.requirePermission("webhooks:manage");

  const endpointOrNotFound = async (id: string) => {
    const endpoint = await getWebhookEndpoint(deps.db, id);
    if (!endpoint) throw new HttpError(404, "not_found", "Webhook endpoint not found.");
    return endpoint;
  };
  const deliveryOrNotFound = async (endpointId: string, deliveryId: string) => {
    const delivery = await getDelivery(deps.db, endpointId, deliveryId);
    if (!delivery) throw new HttpError(404, "not_found", "Delivery not found.");
    return delivery;
  };

  app.get(
    "/api/webhooks/:id/deliveries",
    {
      preValidation: manage,
      schema: { tags: ["webhooks"], params: idParams, querystring: deliveryListQuery, response: { 200: z.array(webhookDelivery), ...errors } },
    },
    async (request) => {
      await endpointOrNotFound(request.params.id);
      return listDeliveries(deps.db, request.params.id, { limit: request.query.limit ?? 50, status: request.query.status });
    },
  );

  app.post(
    "/api/webhooks/:id/deliveries/:deliveryId/replay",
    { preValidation: manage, schema: { tags: ["webhooks"], params: webhookDeliveryParams, response: { 202: webhookDelivery, ...errors } } },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      await endpointOrNotFound(id);
      const replayed = await replayDelivery(deps.db, id, deliveryId);
      if (!replayed) throw new HttpError(404, "not_found", "Delivery not found.");
      reply.code(202);
      return deliveryOrNotFound(id, replayed);
    },
  );

  app.post(
    "/api/webhooks/:id/test",
    { preValidation: manage, schema: { tags: ["webhooks"], params: idParams, response: { 202: webhookDelivery, ...errors } } },
    async (request, reply) => {
      const endpoint = await endpointOrNotFound(request.params.id);
      if (!endpoint.enabled) throw new HttpError(409, "conflict", "The endpoint is disabled; enable it to send a test event.");
      const queued = await queueTestEvent(deps.db, endpoint.id);
      reply.code(202);
      return deliveryOrNotFound(endpoint.id, queued);
    },
  );
};

export default deliveryRoutes;
