import { randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  can,
  createWorkOrderBody,
  createWorkOrderResponse,
  errorBody,
  errorCodes,
  normalizeRole,
  updateWorkOrderBody,
  workOrder,
  workOrderListQuery,
  workOrderParams,
  workOrderTimelineEntry,
  type UpdateWorkOrderBody,
} from "@procure/contracts";
import { userDecider, workOrderCode, workOrderDecider, type WorkOrderChange } from "@procure/domain";
import { getWorkOrder, listWorkOrders, listWorkOrderTimeline } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on, type LoadStream } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { decodeCursor, encodeCursor, isTimestamp } from "../../http/cursor.ts";
import { nextLink } from "../../http/pagination.ts";
import { rowOr404 } from "../../http/row-or-404.ts";
import { commandErrors } from "../../http/error-responses.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["work-orders"];
const tags = ["work-orders"];

/** Work-order ids are short codes, not uuids. */
function workOrderAfter(cursor: string | undefined) {
  const parts = decodeCursor(cursor, [isTimestamp, (id) => /^[0-9A-Z]{4,12}$/.test(id)]);
  return parts && { createdAt: parts[0]!, id: parts[1]! };
}

/** The owner must be someone who can see and triage work orders, as their stream says when the command is decided. */
async function ownerOf(load: LoadStream, body: UpdateWorkOrderBody): Promise<WorkOrderChange["owner"]> {
  if (body.owner_id === undefined || body.owner_id === null) return body.owner_id;
  const { state: user } = await load(userDecider, body.owner_id);
  if (!user || !user.active || !can(normalizeRole(user.role), "work-orders:manage")) {
    throw new HttpError(400, errorCodes.validation, "Assign the work order to a buyer or an admin.");
  }
  return { id: body.owner_id, email: user.email };
}

const workOrderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    "/api/work-orders",
    {
      config: { rateLimit: { max: deps.env.RATE_LIMIT_PUBLIC, timeWindow: "1 minute" } },
      schema: { tags, body: createWorkOrderBody, response: { 201: createWorkOrderResponse, 400: errorBody, 409: errorBody, 429: errorBody } },
    },
    async (request, reply) => {
      let id = "";
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        // A fresh code per attempt: an id already taken is a stream conflict, and the command is decided again.
        retryOnConflict: true,
        commands: async () => {
          id = workOrderCode(randomBytes(6));
          return on(workOrderDecider, id, { type: "SubmitWorkOrder", work_order: request.body });
        },
        respond: async () => ({ id }),
      });
    },
  );

  const staff = { onRequest: app.authenticate, preValidation: app.requirePermission("work-orders:manage") };
  const answer = (id: string) => rowOr404(() => getWorkOrder(deps.db, id), "Work order");

  app.get(
    "/api/work-orders",
    { ...staff, schema: { tags, querystring: workOrderListQuery, response: { 200: z.array(workOrder), ...commandErrors } } },
    async (request, reply) => {
      const { limit = 200, cursor, ...filter } = request.query;
      const rows = await listWorkOrders(deps.db, { ...filter, limit, cursor: workOrderAfter(cursor) });
      const last = rows.at(-1);
      if (rows.length === limit && last) reply.header("link", nextLink(request.url, encodeCursor(last.created_at, last.id)));
      return rows;
    },
  );

  app.get("/api/work-orders/:id", { ...staff, schema: { tags, params: workOrderParams, response: { 200: workOrder, ...commandErrors } } }, async (request) =>
    answer(request.params.id)(),
  );

  app.patch(
    "/api/work-orders/:id",
    { ...staff, schema: { tags, params: workOrderParams, body: updateWorkOrderBody, response: { 200: workOrder, ...commandErrors } } },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        commands: async (load) => {
          const owner = await ownerOf(load, request.body);
          return on(workOrderDecider, id, { type: "TriageWorkOrder", owner, status: request.body.status, note: request.body.note });
        },
        respond: answer(id),
      });
    },
  );

  app.get(
    "/api/work-orders/:id/timeline",
    { ...staff, schema: { tags, params: workOrderParams, response: { 200: z.array(workOrderTimelineEntry), ...commandErrors } } },
    async (request) => {
      await answer(request.params.id)();
      return listWorkOrderTimeline(deps.db, request.params.id);
    },
  );
};

export default workOrderRoutes;
