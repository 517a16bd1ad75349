import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams, purchaseRequest, requestChangesBody, requestOrder, withdrawalBody, type RequestChangesBody, type RequestCommand } from "@procure/contracts";
import { requestDecider, stagesFor } from "@procure/domain";
import { getOrder } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on, type LoadStream } from "../../commands/handle-command.ts";
import { commandErrors as errors } from "../../http/error-responses.ts";
import { HttpError } from "../../plugins/errors.ts";
import { visibleRequest } from "./access.ts";
import { resolveRequestRefs } from "./request-refs.ts";
import { pricedRequestLines } from "./request-lines.ts";
import { requestAnswer } from "./request-answer.ts";

/** The request's own read model and the dashboard's tallies, which an edit's amount or a withdrawal moves. */
const reads = ["requests", "dashboard-requests"];

/**
 * What a requester does to their own request after raising it: edit it while it waits, withdraw it, resubmit it
 * once denied or withdrawn. An edit and a resubmission are routed again by the approval rules, like a new request.
 */
const requestLifecycleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  /** The details as they will be stored, with names and the route read from their own streams inside the command. */
  const routedChanges = async (load: LoadStream, now: string, body: RequestChangesBody) => {
    const { lines, amount } = await pricedRequestLines(load, body);
    const category_id = body.category_id ?? null;
    const vendor_id = body.vendor_id ?? null;
    const refs = await resolveRequestRefs(deps, load, { amount, category_id, vendor_id, now });
    return {
      title: body.title,
      amount,
      lines,
      description: body.description?.trim() || null,
      category_id,
      category_name: refs.category_name,
      vendor_id,
      vendor_name: refs.vendor_name,
      priority: body.priority,
      needed_by: body.needed_by,
      rule_id: refs.rule_id,
      stages: stagesFor(refs.stages),
    };
  };

  const change = (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    command: (load: LoadStream, now: string) => Promise<RequestCommand> | RequestCommand,
  ) =>
    handleCommand(deps, request, reply, {
      reads,
      commands: async (load, now) => on(requestDecider, id, await command(load, now)),
      respond: requestAnswer(deps, id, request.actor),
    });

  app.put(
    "/api/requests/:id",
    { schema: { tags: ["requests"], params: idParams, body: requestChangesBody, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) =>
      change(request, reply, request.params.id, async (load, now) => ({ type: "EditRequest", changes: await routedChanges(load, now, request.body) })),
  );

  app.post(
    "/api/requests/:id/withdraw",
    { schema: { tags: ["requests"], params: idParams, body: withdrawalBody, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) => change(request, reply, request.params.id, () => ({ type: "WithdrawRequest", reason: request.body.reason?.trim() || null })),
  );

  app.post(
    "/api/requests/:id/resubmit",
    { schema: { tags: ["requests"], params: idParams, body: requestChangesBody, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) =>
      change(request, reply, request.params.id, async (load, now) => ({ type: "ResubmitRequest", changes: await routedChanges(load, now, request.body) })),
  );

  // Anyone who may see a request may see what became of it, though only buyers and finance read the order list.
  app.get(
    "/api/requests/:id/order",
    { config: { reads: ["requests", "orders"] }, schema: { tags: ["requests"], params: idParams, response: { 200: requestOrder, ...errors } } },
    async (request) => {
      const seen = await visibleRequest(deps, request.actor, request.params.id);
      const order = seen.order_id ? await getOrder(deps.db, seen.order_id) : null;
      if (!order) throw new HttpError(404, "not_found", "This request has no purchase order.");
      return { id: order.id, po_number: order.po_number, status: order.status };
    },
  );
};

export default requestLifecycleRoutes;
