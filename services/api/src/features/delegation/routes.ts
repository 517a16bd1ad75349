import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { delegationAnswer, delegationBody, delegationCandidate, mayTakeDelegatedApprovals, type DelegationAnswer } from "@procure/contracts";
import { listUsers } from "@procure/projections";
import { delegationDecider, userDecider, type StreamCommand } from "@procure/domain";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { loadState } from "../../commands/load-stream.ts";
import type { AppDeps } from "../../deps.ts";
import { commandErrors, errorResponses } from "../../http/error-responses.ts";

/**
 * The signed-in member's approval delegation. Read from their own delegation stream, so an answer right after a
 * change shows it; delegations whose last day has passed are no longer shown.
 */
const delegationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const tags = ["delegation"];

  const answer = async (userId: string): Promise<DelegationAnswer> => {
    const today = new Date().toISOString().slice(0, 10);
    const { state } = await loadState(deps, delegationDecider, userId);
    const given = state.given && state.given.ends_on >= today ? state.given : null;
    return {
      delegation: given && { delegate_id: given.delegate_id, delegate_email: given.delegate_email, starts_on: given.starts_on, ends_on: given.ends_on },
      standing_in_for: state.received
        .filter((d) => d.ends_on >= today)
        .map((d) => ({ delegator_id: d.delegator_id, delegator_email: d.delegator_email, starts_on: d.starts_on, ends_on: d.ends_on })),
    };
  };

  app.get("/api/me/delegation", { schema: { tags, response: { 200: delegationAnswer, ...errorResponses(401) } } }, async (request) => answer(request.actor.id));

  app.get(
    "/api/me/delegation/candidates",
    {
      preValidation: app.requirePermission("requests:decide"),
      config: { reads: ["users"] },
      schema: { tags, response: { 200: z.array(delegationCandidate), ...errorResponses(401, 403) } },
    },
    async (request) =>
      (await listUsers(deps.db))
        .filter((u) => u.active && u.id !== request.actor.id && mayTakeDelegatedApprovals(u.role))
        .map((u) => ({ id: u.id, email: u.email })),
  );

  app.put("/api/me/delegation", { schema: { tags, body: delegationBody, response: { 200: delegationAnswer, ...commandErrors } } }, async (request, reply) => {
    const actor = request.actor;
    const { delegate_id, starts_on, ends_on } = request.body;
    return handleCommand(deps, request, reply, {
      commands: async (load, now) => {
        const member = async (id: string) => {
          const { state } = await load(userDecider, id);
          return state && { id, email: state.email, role: state.role, active: state.active };
        };
        const delegator = (await member(actor.id))!;
        const delegate = delegate_id === actor.id ? delegator : await member(delegate_id);
        const { state: mine } = await load(delegationDecider, actor.id);
        const delegateGave = delegate_id === actor.id ? null : (await load(delegationDecider, delegate_id)).state.given;
        const decide = on(delegationDecider, actor.id, {
          type: "DelegateApprovals",
          delegator,
          delegate,
          delegate_gave: delegateGave && { starts_on: delegateGave.starts_on, ends_on: delegateGave.ends_on },
          starts_on,
          ends_on,
          today: now.slice(0, 10),
        });
        // Refused before the delegate's stream is named twice (a delegation to oneself is refused by the decision).
        if (!delegate || delegate_id === actor.id) return decide;
        const delegation = { delegator_id: actor.id, delegator_email: delegator.email, delegate_id, delegate_email: delegate.email, starts_on, ends_on };
        const commands: StreamCommand[] = [decide, on(delegationDecider, delegate_id, { type: "ReceiveDelegatedApprovals", delegation })];
        const before = mine.given?.delegate_id;
        if (before && before !== delegate_id) commands.push(on(delegationDecider, before, { type: "WithdrawDelegatedApprovals", delegator_id: actor.id }));
        return commands;
      },
      respond: () => answer(actor.id),
    });
  });

  app.delete("/api/me/delegation", { schema: { tags, response: { 200: delegationAnswer, ...commandErrors } } }, async (request, reply) => {
    const actor = request.actor;
    return handleCommand(deps, request, reply, {
      commands: async (load) => {
        const { state } = await load(delegationDecider, actor.id);
        const end = on(delegationDecider, actor.id, { type: "EndDelegation" });
        if (!state.given) return end;
        return [end, on(delegationDecider, state.given.delegate_id, { type: "WithdrawDelegatedApprovals", delegator_id: actor.id })];
      },
      respond: () => answer(actor.id),
    });
  });
};

export default delegationRoutes;
