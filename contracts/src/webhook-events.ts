import { z } from "zod";

/**
 * Webhook endpoints: configuration is recorded as events on the stream `webhook-{uuid}` (stream type "webhook"),
 * internal and never delivered. Signing secrets are never in an event: they live in the dispatcher's own table.
 */
export const webhookStreamId = (endpointId: string) => `webhook-${endpointId}`;

/** The workspace's one stream of endpoint slots: every create takes one, so a cap holds however many race. */
export const webhookSlotsStreamId = "workspace-webhook-endpoints";

const endpointState = {
  endpoint_id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
};

export const webhookEventSchemas = {
  WebhookEndpointCreated: z.object(endpointState),
  /** Carries the whole configuration after the change. */
  WebhookEndpointUpdated: z.object(endpointState),
  /** Turned off by the dispatcher (the receiver answered 410, or every retry failed) or by an admin. */
  WebhookEndpointDisabled: z.object({ endpoint_id: z.uuid(), reason: z.string() }),
  WebhookEndpointDeleted: z.object({ endpoint_id: z.uuid() }),
  /** Only that a new secret was issued, and until when the previous one still signs. */
  WebhookSecretRotated: z.object({ endpoint_id: z.uuid(), previous_valid_until: z.string() }),
  /** On the workspace's slots stream: an endpoint counts against the cap from its creation to its deletion. */
  WebhookEndpointSlotTaken: z.object({ endpoint_id: z.uuid() }),
  WebhookEndpointSlotFreed: z.object({ endpoint_id: z.uuid() }),
} as const;
