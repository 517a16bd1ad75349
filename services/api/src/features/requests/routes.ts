import { newId } from "../../commands/new-id.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  auditEntry,
  can,
  requestChainVerification,
  comment,
  commentBody,
  createRequestBody,
  decisionBody,
  defaultRequestPriority,
  denialBody,
  idParams,
  purchaseRequest,
  requestListQuery,
  updateRequestBody,
  type StoredEvent,
  requestSummary,
  requestSummaryQuery,
} from "@procure/contracts";
import { controlsSettingsDecider, requestDecider, requestStreamId, stagesFor } from "@procure/domain";
import { verifyStreamChain } from "@procure/eventstore";
import { commentView, listAudit, listComments, listRequests, summarizeRequests } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { visibleRequest } from "./access.ts";
import { resolveRequestRefs } from "./request-refs.ts";
import { pricedRequestLines } from "./request-lines.ts";
import { standInsFor } from "../delegation/stand-ins.ts";
import { budgetExceededBy } from "../budgets/budget-exceeded.ts";
import { decodeSortCursor, linkNextPage } from "../../http/list-page.ts";
import { requestListFilter } from "./request-list-filter.ts";
import { asSeenBy, requestAnswer } from "./request-answer.ts";
import { commandErrors } from "../../http/error-responses.ts";

/**
 * The read models a command waits for, and the websocket tells about the rest: the request's own, and the running
 * totals the Requests page's summary reads beside the list, so both show the change together.
 */
const reads = ["requests", "dashboard-requests"];
const errors = commandErrors;

const requestRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  const answerWithRequest = (request: FastifyRequest, id: string) => requestAnswer(deps, id, request.actor);

  /** A comment landing at the same moment must not fail a decision; a re-decision sees any rival verdict. */
  const decide = (request: FastifyRequest, reply: FastifyReply, id: string, verdict: "approved" | "denied", comment: string | null) =>
    handleCommand(deps, request, reply, {
      reads,
      commands: async (load, now) => {
        const { state: controls } = await load(controlsSettingsDecider, "");
        const command = { comment, stand_in_for: await standInsFor(load, request.actor.id, now), controls };
        if (verdict === "denied") return on(requestDecider, id, { type: "DenyRequest", ...command });
        const approval = { type: "ApproveRequest" as const, ...command };
        return [on(requestDecider, id, approval), ...(await budgetExceededBy(deps, load, request.actor, id, approval, now))];
      },
      retryOnConflict: true,
      respond: answerWithRequest(request, id),
    });

  app.get(
    "/api/requests",
    {
      config: { reads: ["requests", "budgets"] },
      schema: { tags: ["requests"], querystring: requestListQuery, response: { 200: z.array(purchaseRequest), ...errors } },
    },
    async (request, reply) => {
      const { sortToken, filter } = requestListFilter(request.query, request.actor);
      const after = decodeSortCursor(request.query.cursor, sortToken);
      const page = await listRequests(deps.db, { ...filter, limit: request.query.limit ?? 200, after });
      linkNextPage(reply, request.url, sortToken, page.next);
      return asSeenBy(deps, request.actor, page.items);
    },
  );

  app.get(
    "/api/requests/summary",
    {
      config: { reads: ["requests", "dashboard-requests"] },
      schema: { tags: ["requests"], querystring: requestSummaryQuery, response: { 200: requestSummary, ...errors } },
    },
    async (request) => {
      const ownOnly = !can(request.actor.role, "requests:read-all") || request.query.mine === "true";
      return summarizeRequests(deps.db, { q: request.query.q, requesterId: ownOnly ? request.actor.id : undefined });
    },
  );

  app.post(
    "/api/requests",
    { schema: { tags: ["requests"], body: createRequestBody, response: { 201: purchaseRequest, ...errors } } },
    async (request, reply) => {
      const id = newId(request);
      const body = request.body;
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        commands: async (load, now) => {
          const { lines, amount } = await pricedRequestLines(load, body);
          const refs = await resolveRequestRefs(deps, load, { amount, category_id: body.category_id ?? null, vendor_id: body.vendor_id ?? null, now });
          return on(requestDecider, id, {
            type: "CreateRequest",
            request: {
              request_id: id,
              title: body.title,
              amount,
              lines,
              description: body.description?.trim() || null,
              category_id: body.category_id ?? null,
              category_name: refs.category_name,
              vendor_id: body.vendor_id ?? null,
              vendor_name: refs.vendor_name,
              priority: body.priority ?? defaultRequestPriority,
              needed_by: body.needed_by ?? null,
              requester_id: request.actor.id,
              requester_email: request.actor.email,
              rule_id: refs.rule_id,
              stages: stagesFor(refs.stages),
            },
          });
        },
        respond: answerWithRequest(request, id),
      });
    },
  );

  app.get(
    "/api/requests/:id",
    { config: { reads: ["requests", "budgets"] }, schema: { tags: ["requests"], params: idParams, response: { 200: purchaseRequest, ...errors } } },
    async (request) => (await asSeenBy(deps, request.actor, [await visibleRequest(deps, request.actor, request.params.id)]))[0]!,
  );

  app.patch(
    "/api/requests/:id",
    { schema: { tags: ["requests"], params: idParams, body: updateRequestBody, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) => {
      return decide(request, reply, request.params.id, request.body.status, request.body.comment?.trim() || null);
    },
  );

  app.post(
    "/api/requests/:id/approve",
    { schema: { tags: ["requests"], params: idParams, body: decisionBody, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) => decide(request, reply, request.params.id, "approved", request.body.comment?.trim() || null),
  );

  app.post(
    "/api/requests/:id/deny",
    { schema: { tags: ["requests"], params: idParams, body: denialBody, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) => decide(request, reply, request.params.id, "denied", request.body.comment?.trim() || null),
  );

  // The decider's undo: the domain allows it only to them, moments after the decision, while nothing followed it.
  app.post(
    "/api/requests/:id/decision/withdraw",
    { schema: { tags: ["requests"], params: idParams, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        commands: on(requestDecider, request.params.id, { type: "WithdrawDecision" }),
        retryOnConflict: true,
        respond: answerWithRequest(request, request.params.id),
      }),
  );

  app.get(
    "/api/requests/:id/comments",
    { config: { reads: ["requests", "request-comments"] }, schema: { tags: ["requests"], params: idParams, response: { 200: z.array(comment), ...errors } } },
    async (request) => {
      await visibleRequest(deps, request.actor, request.params.id);
      return listComments(deps.db, request.params.id);
    },
  );

  app.post(
    "/api/requests/:id/comments",
    { schema: { tags: ["requests"], params: idParams, body: commentBody, response: { 201: comment, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const commentId = newId(request);
      return handleCommand(deps, request, reply, {
        reads: ["request-comments"],
        status: 201,
        retryOnConflict: true,
        commands: on(requestDecider, id, { type: "CommentOnRequest", comment_id: commentId, body: request.body.body }),
        // A comment is its one event: the comments read model stores exactly what `commentView` makes of it.
        respond: async (result) => {
          const event = result.events.find((e): e is StoredEvent<"RequestCommented"> => e.type === "RequestCommented");
          if (!event) throw new HttpError(404, "not_found", "Comment not found.");
          return commentView(event);
        },
      });
    },
  );

  app.get(
    "/api/requests/:id/audit",
    { config: { reads: ["requests", "request-audit"] }, schema: { tags: ["requests"], params: idParams, response: { 200: z.array(auditEntry), ...errors } } },
    async (request) => {
      await visibleRequest(deps, request.actor, request.params.id);
      return listAudit(deps.db, request.params.id);
    },
  );

  app.get(
    "/api/requests/:id/audit/verify",
    { config: { reads: ["requests"] }, schema: { tags: ["requests"], params: idParams, response: { 200: requestChainVerification, ...errors } } },
    async (request) => {
      await visibleRequest(deps, request.actor, request.params.id);
      const verdict = await verifyStreamChain(deps.store.db, requestStreamId(request.params.id));
      return verdict.first_broken ? { ...verdict, brokenAt: verdict.first_broken } : verdict;
    },
  );
};

export default requestRoutes;
