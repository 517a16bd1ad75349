import { requestStreamId } from "@procure/domain";
import type { AppendResult } from "@procure/eventstore";
import { getRequest, requestView } from "@procure/projections";
import { withBudgetImpact } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { asWritten, type DecidedOn } from "../../commands/as-written.ts";
import { HttpError } from "../../plugins/errors.ts";

/** The day an approval now would count in, for a pending request's budget impact. */
export const budgetDay = () => new Date().toISOString().slice(0, 10);

/**
 * A command's answer about request `id`: the request as the command left it, folded as the requests read model folds
 * it, with its budget impact as a read of it would show, so the answer and a later read are the same.
 */
export const requestAnswer = (deps: AppDeps, id: string) => async (result: AppendResult, decidedOn: DecidedOn) => {
  const view = await asWritten(deps.store, result, decidedOn, { streamId: requestStreamId(id), fold: requestView, stored: () => getRequest(deps.db, id) });
  if (!view) throw new HttpError(404, "not_found", "Request not found.");
  return (await withBudgetImpact(deps.db, [view], budgetDay()))[0]!;
};
