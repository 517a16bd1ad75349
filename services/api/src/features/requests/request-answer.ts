import { stageSeparationRefusal, type PurchaseRequest } from "@procure/contracts";
import { controlsSettingsDecider, requestStreamId, type Actor } from "@procure/domain";
import type { AppendResult } from "@procure/eventstore";
import { getRequest, requestView } from "@procure/projections";
import { withBudgetImpact } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { asWritten, type DecidedOn } from "../../commands/as-written.ts";
import { HttpError } from "../../plugins/errors.ts";
import { loadState } from "../../commands/load-stream.ts";

/** The day an approval now would count in, for a pending request's budget impact. */
export const budgetDay = () => new Date().toISOString().slice(0, 10);

/**
 * Requests as `viewer` reads them: with their budget impact, and why the viewer may not decide a pending one now
 * under the workspace's separation of duties (the rule its decider applies, on the settings read from their stream).
 */
export async function asSeenBy(deps: AppDeps, viewer: Actor, requests: PurchaseRequest[]): Promise<PurchaseRequest[]> {
  const [withImpact, { state: controls }] = await Promise.all([withBudgetImpact(deps.db, requests, budgetDay()), loadState(deps, controlsSettingsDecider, "")]);
  return withImpact.map((r) => ({ ...r, decision_blocked_reason: r.status === "pending" ? stageSeparationRefusal(controls, viewer, r.stages) : null }));
}

/**
 * A command's answer about request `id`: the request as the command left it, folded as the requests read model folds
 * it, with its budget impact as a read of it would show, so the answer and a later read are the same.
 */
export const requestAnswer = (deps: AppDeps, id: string, viewer: Actor) => async (result: AppendResult, decidedOn: DecidedOn) => {
  const view = await asWritten(deps.store, result, decidedOn, { streamId: requestStreamId(id), fold: requestView, stored: () => getRequest(deps.db, id) });
  if (!view) throw new HttpError(404, "not_found", "Request not found.");
  return (await asSeenBy(deps, viewer, [view]))[0]!;
};
