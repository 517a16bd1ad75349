import { webhookSlotsStreamId, type WebhookSlotsCommand } from "@procure/contracts";
import { conflict } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

/** The endpoints holding a slot; `counted` once the stream has an event, before which the caller says who holds one. */
export type WebhookSlotsState = { counted: boolean; held: readonly string[] };

export const webhookSlotsDecider: StreamDecider<WebhookSlotsState, WebhookSlotsCommand> = {
  streamType: "workspace",
  streamId: () => webhookSlotsStreamId,
  initialState: { counted: false, held: [] },
  evolve: (state, event) => {
    if (event.type === "WebhookEndpointSlotTaken") return { counted: true, held: [...state.held, event.data.endpoint_id] };
    if (event.type === "WebhookEndpointSlotFreed") return { counted: true, held: state.held.filter((id) => id !== event.data.endpoint_id) };
    return state;
  },
  decide: (state, command) => {
    if (command.type === "FreeWebhookEndpointSlot") {
      return state.held.includes(command.endpoint_id) ? [{ type: "WebhookEndpointSlotFreed", data: { endpoint_id: command.endpoint_id } }] : [];
    }
    // Endpoints made before the slots stream existed take their slots with the first create after it.
    const backfill = state.counted ? [] : command.held_before.filter((id) => !command.endpoint_ids.includes(id));
    const held = state.held.length + backfill.length;
    if (held + command.endpoint_ids.length > command.limit) {
      throw conflict(`A workspace may have at most ${command.limit} webhook endpoints, and this one has ${held}. Delete one to add another.`);
    }
    return [...backfill, ...command.endpoint_ids].map((endpoint_id) => ({ type: "WebhookEndpointSlotTaken" as const, data: { endpoint_id } }));
  },
};
