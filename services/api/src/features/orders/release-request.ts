import { requestStreamId, unlinkRequestFromOrder } from "@procure/domain";
import type { StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../../deps.ts";
import { loadRequest } from "../requests/access.ts";

/** The append that frees a request from an order that is deleted or now points elsewhere, if it is still linked. */
export async function releaseLinkedRequest(deps: AppDeps, orderId: string, requestId: string | null): Promise<StreamAppend[]> {
  if (!requestId) return [];
  const linked = await loadRequest(deps, requestId);
  const events = unlinkRequestFromOrder(linked.state, orderId);
  return events.length ? [{ streamType: "request", streamId: requestStreamId(requestId), expectedVersion: linked.version, events }] : [];
}
