import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { approvalRule, createApprovalRuleBody, idParams, updateApprovalRuleBody } from "@procure/contracts";
import { ruleDecider } from "@procure/domain";
import { findApprovalRule, listApprovalRules } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on, type LoadStream } from "../../commands/handle-command.ts";
import { requireActiveCategory } from "../catalogue/catalogue-refs.ts";
import { rowOr404 } from "../../http/row-or-404.ts";
import { commandErrors, editErrors } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["approval-rules"];
const tags = ["approval-rules"];

/** Approval rules (settings): which approval stages a new request needs, by amount, category and vendor. */
const ruleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const writer = app.requirePermission("rules:write");
  const answer = (id: string) => rowOr404(() => findApprovalRule(deps.db, id), "Approval rule");
  const checkCategory = async (load: LoadStream, id: string | null | undefined) => {
    if (id) await requireActiveCategory(load, id);
  };

  app.get(
    "/api/approval-rules",
    { preValidation: app.requirePermission("rules:read"), schema: { tags, response: { 200: z.array(approvalRule), ...commandErrors } } },
    async () => listApprovalRules(deps.db),
  );

  app.get(
    "/api/approval-rules/:id",
    {
      preValidation: app.requirePermission("rules:read"),
      config: { reads },
      schema: { tags, params: idParams, response: { 200: approvalRule, ...commandErrors } },
    },
    async (request, reply) => withVersion(reply, await answer(request.params.id)()),
  );

  app.post(
    "/api/approval-rules",
    { preValidation: writer, schema: { tags, body: createApprovalRuleBody, response: { 201: approvalRule, ...commandErrors } } },
    async (request, reply) => {
      const id = newId(request);
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        commands: async (load) => {
          await checkCategory(load, request.body.category_id);
          return on(ruleDecider, id, { type: "CreateRule", rule: request.body });
        },
        respond: answer(id),
      });
    },
  );

  app.patch(
    "/api/approval-rules/:id",
    { preValidation: writer, schema: { tags, params: idParams, body: updateApprovalRuleBody, response: { 200: approvalRule, ...editErrors } } },
    async (request, reply) => {
      return handleCommand(deps, request, reply, {
        reads,
        expectedVersion: ifMatch(request),
        commands: async (load) => {
          await checkCategory(load, request.body.category_id);
          return on(ruleDecider, request.params.id, { type: "UpdateRule", changes: request.body });
        },
        respond: answer(request.params.id),
      });
    },
  );

  app.delete(
    "/api/approval-rules/:id",
    { preValidation: writer, schema: { tags, params: idParams, response: { 204: z.null(), ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        status: 204,
        commands: on(ruleDecider, request.params.id, { type: "DeleteRule" }),
        respond: async () => null,
      }),
  );
};

export default ruleRoutes;
