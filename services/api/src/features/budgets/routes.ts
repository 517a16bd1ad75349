import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { budget, createBudgetBody, idParams, updateBudgetBody, type CreateBudgetBody } from "@procure/contracts";
import { budgetDecider, budgetSlotDecider, budgetSlotKey, notFound } from "@procure/domain";
import { findBudget, listBudgets } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on, type LoadStream, type StreamCommand } from "../../commands/handle-command.ts";
import { requireActiveCategory } from "../catalogue/catalogue-refs.ts";
import { rowOr404 } from "../../http/row-or-404.ts";
import { commandErrors, editErrors } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["budgets"];
const tags = ["budgets"];

/** A budget as it will be recorded, with its category's name read from the category's stream. */
async function budgetInput(load: LoadStream, input: CreateBudgetBody) {
  const category = await requireActiveCategory(load, input.category_id, "Choose an active category.");
  return { ...input, category_name: category.name };
}

/** Budgets (finance and admin): an amount per category and period, with what is committed, spent and left. */
const budgetRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const writer = app.requirePermission("budgets:write");
  const answer = (id: string) => rowOr404(() => findBudget(deps.db, id), "Budget");

  app.get(
    "/api/budgets",
    { preValidation: app.requirePermission("budgets:read"), config: { reads }, schema: { tags, response: { 200: z.array(budget), ...commandErrors } } },
    async () => listBudgets(deps.db),
  );

  app.get(
    "/api/budgets/:id",
    {
      preValidation: app.requirePermission("budgets:read"),
      config: { reads },
      schema: { tags, params: idParams, response: { 200: budget, ...commandErrors } },
    },
    async (request, reply) => withVersion(reply, await answer(request.params.id)()),
  );

  app.post(
    "/api/budgets",
    { preValidation: writer, schema: { tags, body: createBudgetBody, response: { 201: budget, ...commandErrors } } },
    async (request, reply) => {
      const id = newId(request);
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        commands: async (load) => {
          const input = await budgetInput(load, request.body);
          return [
            on(budgetDecider, id, { type: "CreateBudget", budget: input }),
            on(budgetSlotDecider, budgetSlotKey(input.category_id, input.period), { type: "TakeBudgetSlot", budget_id: id }),
          ];
        },
        respond: answer(id),
      });
    },
  );

  app.patch(
    "/api/budgets/:id",
    { preValidation: writer, schema: { tags, params: idParams, body: updateBudgetBody, response: { 200: budget, ...editErrors } } },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        expectedVersion: ifMatch(request),
        commands: async (load) => {
          const { state } = await load(budgetDecider, id);
          if (!state.exists || state.deleted) throw notFound("Budget not found.");
          const was = state.budget;
          const { category_id, period, amount } = { ...was, ...stripUndefined(request.body) };
          const input = await budgetInput(load, { category_id, period, amount });
          const commands: StreamCommand[] = [on(budgetDecider, id, { type: "UpdateBudget", budget: input })];
          const [from, to] = [budgetSlotKey(was.category_id, was.period), budgetSlotKey(category_id, period)];
          if (from !== to) {
            commands.push(on(budgetSlotDecider, to, { type: "TakeBudgetSlot", budget_id: id }));
            commands.push(on(budgetSlotDecider, from, { type: "FreeBudgetSlot", budget_id: id }));
          }
          return commands;
        },
        respond: answer(id),
      });
    },
  );

  app.delete(
    "/api/budgets/:id",
    { preValidation: writer, schema: { tags, params: idParams, response: { 204: z.null(), ...commandErrors } } },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        status: 204,
        commands: async (load) => {
          const { state } = await load(budgetDecider, id);
          if (!state.exists || state.deleted) throw notFound("Budget not found.");
          const slot = budgetSlotKey(state.budget.category_id, state.budget.period);
          return [on(budgetDecider, id, { type: "DeleteBudget" }), on(budgetSlotDecider, slot, { type: "FreeBudgetSlot", budget_id: id })];
        },
        respond: async () => null,
      });
    },
  );
};

const stripUndefined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export default budgetRoutes;
