import { webhookStreamId, type EventData, type NewEvent, type StoredEvent, type WebhookCommand } from "@procure/contracts";
import { notFound } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

type Endpoint = Omit<EventData<"WebhookEndpointCreated">, "endpoint_id">;

export type WebhookEndpointState = { exists: false } | ({ exists: true } & Endpoint);

export function evolveWebhookEndpoint(state: WebhookEndpointState, event: StoredEvent | NewEvent): WebhookEndpointState {
  switch (event.type) {
    case "WebhookEndpointCreated":
    case "WebhookEndpointUpdated": {
      const { endpoint_id: _, ...endpoint } = event.data;
      return { exists: true, ...endpoint };
    }
    case "WebhookEndpointDisabled":
      return state.exists ? { ...state, enabled: false } : state;
    case "WebhookEndpointDeleted":
      return { exists: false };
    default:
      return state;
  }
}

function requireEndpoint(state: WebhookEndpointState) {
  if (!state.exists) throw notFound("Webhook endpoint not found.");
  return state;
}

/** Only the fields named change; an edit that changes nothing records nothing. */
function updateEndpoint(state: WebhookEndpointState, id: string, changes: Partial<Endpoint>): NewEvent[] {
  const before = requireEndpoint(state);
  const next: Endpoint = {
    url: changes.url ?? before.url,
    description: changes.description === undefined ? before.description : changes.description,
    event_types: changes.event_types ?? before.event_types,
    enabled: changes.enabled ?? before.enabled,
  };
  const same =
    next.url === before.url &&
    next.description === before.description &&
    next.enabled === before.enabled &&
    next.event_types.join() === before.event_types.join();
  return same ? [] : [{ type: "WebhookEndpointUpdated", data: { endpoint_id: id, ...next } }];
}

export const webhookEndpointDecider: StreamDecider<WebhookEndpointState, WebhookCommand> = {
  streamType: "webhook",
  streamId: webhookStreamId,
  initialState: { exists: false },
  evolve: evolveWebhookEndpoint,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "CreateWebhookEndpoint":
        return [{ type: "WebhookEndpointCreated", data: { endpoint_id: id, ...command.endpoint } }];
      case "UpdateWebhookEndpoint":
        return updateEndpoint(state, id, command.changes);
      case "DeleteWebhookEndpoint":
        requireEndpoint(state);
        return [{ type: "WebhookEndpointDeleted", data: { endpoint_id: id } }];
      case "DisableWebhookEndpoint":
        // Disabling what is gone or already off records nothing: racing dispatchers disable it once.
        return state.exists && state.enabled ? [{ type: "WebhookEndpointDisabled", data: { endpoint_id: id, reason: command.reason } }] : [];
      case "RotateWebhookSecret":
        requireEndpoint(state);
        return [{ type: "WebhookSecretRotated", data: { endpoint_id: id, previous_valid_until: command.previous_valid_until } }];
    }
  },
};
