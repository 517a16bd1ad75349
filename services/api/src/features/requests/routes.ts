import { newId } from "../../commands/new-id.ts";
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
  idParams,
  purchaseRequest,
  type PurchaseRequest,
  requestListQuery,
  updateRequestBody,
  type StoredEvent,
  requestSummary,
  requestSummaryQuery,
} from "@procure/contracts";
import { approveRequest, commentOnRequest, createRequest, denyRequest, requestStreamId, stagesFor, type Actor } from "@procure/domain";
import { verifyStreamChain, type AppendResult, type StreamAppend } from "@procure/eventstore";
import { getRequest, listAudit, listComments, listRequests, requestView, summarizeRequests } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { runCommand } from "../../commands/run-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { loadRequest, loadVisibleRequest, visibleRequest } from "./access.ts";
import { resolveRequestRefs } from "./request-refs.ts";
import { encodeCursor } from "../../http/cursor.ts";
import { decodeTimeCursor, nextLink } from "../../http/pagination.ts";
import { commandErrors } from "../../http/error-responses.ts";

const errors = commandErrors;

const requestRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  /**
   * The read model's row once it has caught up with the command, else the request as its stream tells it: the
   * events the command decided on (when it has them) plus those it appended, or else the stream read afresh.
   */
  const answerWithRequest =
    (id: string, decidedOn: () => readonly StoredEvent[] | null = () => null) =>
    async (result: AppendResult) => {
      const mine = result.events.filter((e) => e.stream_id === requestStreamId(id));
      const appended = Math.max(0, ...mine.map((e) => e.stream_version));
      const row = await getRequest(deps.db, id);
      if (row && row.version >= appended) return row;
      const before = decidedOn();
      const view = requestView(before ? [...before, ...mine] : await deps.store.readStream(requestStreamId(id)));
      if (!view) throw new HttpError(404, "not_found", "Request not found.");
      return view;
    };

  /**
   * A decision reads the request's stream once: the visibility check's read is what the first attempt decides
   * on; only a retry after a concurrent change reads it again.
   */
  async function decision(request: { actor: Actor }, id: string, verdict: "approved" | "denied", note: string | null) {
    let unused: Awaited<ReturnType<typeof loadRequest>> | null = await loadVisibleRequest(deps, request.actor, id);
    let decidedOn: readonly StoredEvent[] | null = null;
    const decide = async (): Promise<StreamAppend[]> => {
      const { state, version, events: history } = unused ?? (await loadRequest(deps, id));
      unused = null;
      decidedOn = history;
      const events = verdict === "approved" ? approveRequest(state, request.actor, note) : denyRequest(state, request.actor, note);
      return [{ streamType: "request", streamId: requestStreamId(id), expectedVersion: version, events }];
    };
    return { decide, respond: answerWithRequest(id, () => decidedOn) };
  }

  app.get(
    "/api/requests",
    { schema: { tags: ["requests"], querystring: requestListQuery, response: { 200: z.array(purchaseRequest), ...errors } } },
    async (request, reply) => {
      const q = request.query;
      const limit = q.limit ?? 200;
      const ownOnly = !can(request.actor.role, "requests:read-all") || q.mine === "true";
      const rows = await listRequests(deps.db, {
        status: q.status,
        q: q.q,
        vendorId: q.vendor_id,
        requesterId: ownOnly ? request.actor.id : undefined,
        awaitingRole: q.awaiting_me === "true" ? request.actor.role : undefined,
        limit,
        order: q.order,
        cursor: decodeTimeCursor(q.cursor),
      });
      const last = rows.at(-1);
      const at = (row: PurchaseRequest) => (q.order === "oldest" ? row.created_at : row.updated_at);
      if (rows.length === limit && last) reply.header("link", nextLink(request.url, encodeCursor(at(last), last.id)));
      return rows;
    },
  );

  app.get(
    "/api/requests/summary",
    { schema: { tags: ["requests"], querystring: requestSummaryQuery, response: { 200: requestSummary, ...errors } } },
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
      return runCommand(deps, request, reply, {
        status: 201,
        decide: async () => {
          const refs = await resolveRequestRefs(deps, { amount: body.amount, category_id: body.category_id ?? null, vendor_id: body.vendor_id ?? null });
          const events = createRequest({
            request_id: id,
            title: body.title,
            amount: Math.round(body.amount * 100) / 100,
            description: body.description?.trim() || null,
            category_id: body.category_id ?? null,
            category_name: refs.category_name,
            vendor_id: body.vendor_id ?? null,
            vendor_name: refs.vendor_name,
            requester_id: request.actor.id,
            requester_email: request.actor.email,
            rule_id: refs.rule_id,
            stages: stagesFor(refs.stages),
          });
          return [{ streamType: "request", streamId: requestStreamId(id), expectedVersion: 0, events }];
        },
        respond: answerWithRequest(id),
      });
    },
  );

  app.get("/api/requests/:id", { schema: { tags: ["requests"], params: idParams, response: { 200: purchaseRequest, ...errors } } }, async (request) =>
    visibleRequest(deps, request.actor, request.params.id),
  );

  app.patch(
    "/api/requests/:id",
    { schema: { tags: ["requests"], params: idParams, body: updateRequestBody, response: { 200: purchaseRequest, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      return runCommand(deps, request, reply, { ...(await decision(request, id, request.body.status, null)), retryOnConflict: true });
    },
  );

  for (const [path, verdict] of [
    ["approve", "approved"],
    ["deny", "denied"],
  ] as const) {
    app.post(
      `/api/requests/:id/${path}`,
      { schema: { tags: ["requests"], params: idParams, body: decisionBody, response: { 200: purchaseRequest, ...errors } } },
      async (request, reply) => {
        const { id } = request.params;
        // A comment landing at the same moment must not fail a decision; a re-decision sees any rival verdict.
        const command = await decision(request, id, verdict, request.body.comment?.trim() || null);
        return runCommand(deps, request, reply, { ...command, retryOnConflict: true });
      },
    );
  }

  app.get(
    "/api/requests/:id/comments",
    { schema: { tags: ["requests"], params: idParams, response: { 200: z.array(comment), ...errors } } },
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
      await loadVisibleRequest(deps, request.actor, id);
      const commentId = newId(request);
      return runCommand(deps, request, reply, {
        status: 201,
        retryOnConflict: true,
        decide: async () => {
          const { state, version } = await loadRequest(deps, id);
          return [
            { streamType: "request", streamId: requestStreamId(id), expectedVersion: version, events: commentOnRequest(state, commentId, request.body.body) },
          ];
        },
        respond: async (result) => {
          const rows = await listComments(deps.db, id);
          const stored = rows.find((c) => c.id === commentId);
          if (stored) return stored;
          const event = result.events[0]!;
          return {
            id: commentId,
            request_id: id,
            body: request.body.body,
            author: request.actor.email,
            author_id: request.actor.id,
            created_at: event.recorded_at,
          };
        },
      });
    },
  );

  app.get(
    "/api/requests/:id/audit",
    { schema: { tags: ["requests"], params: idParams, response: { 200: z.array(auditEntry), ...errors } } },
    async (request) => {
      await visibleRequest(deps, request.actor, request.params.id);
      return listAudit(deps.db, request.params.id);
    },
  );

  app.get(
    "/api/requests/:id/audit/verify",
    { schema: { tags: ["requests"], params: idParams, response: { 200: requestChainVerification, ...errors } } },
    async (request) => {
      await visibleRequest(deps, request.actor, request.params.id);
      const verdict = await verifyStreamChain(deps.store.db, requestStreamId(request.params.id));
      return verdict.first_broken ? { ...verdict, brokenAt: verdict.first_broken } : verdict;
    },
  );
};

export default requestRoutes;
