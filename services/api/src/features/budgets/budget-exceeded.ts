import { approveRequest, budgetDecider, requestDecider, type Actor, type LoadStream, type StreamCommand } from "@procure/domain";
import { budgetsOn, impactOn } from "@procure/projections/purchasing";
import { on } from "../../commands/handle-command.ts";
import type { AppDeps } from "../../deps.ts";

type ApprovalCommand = Extract<Parameters<typeof requestDecider.decide>[1], { type: "ApproveRequest" }>;

/**
 * Beside an approval that completes a request: the budget it takes from zero or more to below zero records so on
 * its own stream (public `budget.exceeded`). The figures are the budget read model's, as the approver saw them.
 */
export async function budgetExceededBy(
  deps: AppDeps,
  load: LoadStream,
  actor: Actor,
  requestId: string,
  approval: ApprovalCommand,
  now: string,
): Promise<StreamCommand[]> {
  const { state } = await load(requestDecider, requestId);
  if (!state.exists || state.status !== "pending" || !state.categoryId) return [];
  if (!completes(() => approveRequest(state, actor, approval.comment, approval.stand_in_for, approval.controls))) return [];
  const budget = (await budgetsOn(deps.db, [state.categoryId], now.slice(0, 10))).get(state.categoryId);
  if (!budget) return [];
  const impact = impactOn(budget, state.amount);
  if (!impact.over || impact.remaining < 0) return [];
  return [
    on(budgetDecider, budget.id, { type: "RecordBudgetExceeded", request_id: requestId, request_amount: state.amount, remaining: impact.remaining_after }),
  ];
}

/** Whether the approval would be the request's last; one the decider refuses is refused there, with its reason. */
function completes(decide: () => ReturnType<typeof approveRequest>): boolean {
  try {
    return decide().some((event) => event.type === "RequestApproved");
  } catch {
    return false;
  }
}
