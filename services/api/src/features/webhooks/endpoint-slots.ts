import { webhookSlotsDecider } from "@procure/domain";
import { listWebhookEndpoints } from "@procure/projections/webhooks";
import type { AppDeps } from "../../deps.ts";
import { on, type LoadStream } from "../../commands/handle-command.ts";

/** New endpoints take their slots on the workspace's stream, decided with the create: the cap holds under any race. */
export async function takeSlots(deps: AppDeps, load: LoadStream, endpointIds: string[]) {
  const slots = await load(webhookSlotsDecider, "");
  const heldBefore = slots.state.counted ? [] : (await listWebhookEndpoints(deps.db)).map((endpoint) => endpoint.id);
  return on(webhookSlotsDecider, "", {
    type: "TakeWebhookEndpointSlots",
    endpoint_ids: endpointIds,
    limit: deps.env.WEBHOOKS_MAX_ENDPOINTS,
    held_before: heldBefore,
  });
}
