import { maySeeRequest, type PurchaseRequest } from "@procure/contracts";
import type { Actor } from "@procure/domain";
import { getRequest } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { HttpError } from "../../plugins/errors.ts";

/** The request as the actor may see it; someone else's request is a 404 to a requester, so ids leak nothing. */
export async function visibleRequest(deps: AppDeps, actor: Actor, id: string): Promise<PurchaseRequest> {
  const request = await getRequest(deps.db, id);
  if (!request || !maySeeRequest(actor, request.requester_id)) throw new HttpError(404, "not_found", "Request not found.");
  return request;
}
