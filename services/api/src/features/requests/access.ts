import { can, type PurchaseRequest } from "@procure/contracts";
import { requestDecider, type Actor } from "@procure/domain";
import { getRequest } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { loadState } from "../../commands/decide-on.ts";
import { HttpError } from "../../plugins/errors.ts";

export function maySeeRequest(actor: Actor, request: Pick<PurchaseRequest, "requester_id">): boolean {
  return can(actor.role, "requests:read-all") || request.requester_id === actor.id;
}

const notFound = () => new HttpError(404, "not_found", "Request not found.");

/** The request as the actor may see it; someone else's request is a 404 to a requester, so ids leak nothing. */
export async function visibleRequest(deps: AppDeps, actor: Actor, id: string): Promise<PurchaseRequest> {
  const request = await getRequest(deps.db, id);
  if (!request || !maySeeRequest(actor, request)) throw notFound();
  return request;
}

/** The request's decision state from its stream: what commands decide on, whatever the read models' lag. */
export function loadRequest(deps: AppDeps, id: string) {
  return loadState(deps, requestDecider, id);
}

/** Like `visibleRequest`, for commands: checked against the stream, so a just-created request is found. */
export async function loadVisibleRequest(deps: AppDeps, actor: Actor, id: string) {
  const loaded = await loadRequest(deps, id);
  if (!loaded.state.exists || !maySeeRequest(actor, { requester_id: loaded.state.requesterId })) throw notFound();
  return loaded;
}
