import type { StoredEvent, WebhookEndpoint } from "@procure/contracts";

export type EndpointState = {
  exists: boolean;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
};

const none: EndpointState = {
  exists: false,
  url: "",
  description: null,
  event_types: [],
  enabled: false,
  disabled_reason: null,
  created_at: "",
  updated_at: "",
};

/** Folds an endpoint's configuration stream. */
export function evolveEndpoint(state: EndpointState, event: StoredEvent): EndpointState {
  switch (event.type) {
    case "WebhookEndpointCreated":
    case "WebhookEndpointUpdated": {
      const { url, description, event_types, enabled } = event.data;
      const created_at = state.exists ? state.created_at : event.recorded_at;
      return {
        exists: true,
        url,
        description,
        event_types,
        enabled,
        disabled_reason: enabled ? null : "Disabled by an admin.",
        created_at,
        updated_at: event.recorded_at,
      };
    }
    case "WebhookEndpointDisabled":
      return { ...state, enabled: false, disabled_reason: event.data.reason, updated_at: event.recorded_at };
    case "WebhookEndpointDeleted":
      return { ...none };
    case "WebhookSecretRotated":
      return { ...state, updated_at: event.recorded_at };
    default:
      return state;
  }
}

/** The answer as the stream tells it, for when the read model has not caught up yet. */
export function endpointView(id: string, state: EndpointState, version: number): WebhookEndpoint {
  const { exists: _, ...rest } = state;
  return { id, ...rest, version };
}
