import { z } from "zod";
import { lineString, singleLine } from "./common.ts";
import { isPublicEventType, publicEvent } from "./public-events.ts";

export const WILDCARD_EVENT_TYPE = "*";

const httpUrl = lineString()
  .trim()
  .max(2_000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Give an http or https URL without credentials.");

const eventTypeList = z
  .array(z.string().refine((t) => t === WILDCARD_EVENT_TYPE || isPublicEventType(t), { message: "Unknown event type." }))
  .min(1, "Choose at least one event type, or * for all.")
  .max(100)
  .transform((types) => (types.includes(WILDCARD_EVENT_TYPE) ? [WILDCARD_EVENT_TYPE] : [...new Set(types)].sort()));

export const createWebhookBody = z.object({
  url: httpUrl,
  description: singleLine(500).nullish(),
  event_types: eventTypeList,
  enabled: z.boolean().optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = createWebhookBody.partial();
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the endpoint stopped receiving (null while enabled). */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

const secret = z.string().describe("whsec_ followed by base64 of 24 random bytes; shown once");
const secretNotShownAgain = z.null().describe("A replay with the same Idempotency-Key never shows the secret again: rotate it if it was lost");

export const createdWebhookEndpoint = webhookEndpoint.extend({ secret });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpoint>;
/** The create's answer, or on a replay the endpoint without its secret. */
export const createWebhookResponse = createdWebhookEndpoint.or(webhookEndpoint.extend({ secret: secretNotShownAgain }));
export type CreateWebhookResponse = z.infer<typeof createWebhookResponse>;

export const rotatedWebhookSecret = z.object({ secret, previous_valid_until: z.string() });
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecret>;
/** The rotation's answer, or on a replay the same without the secret. */
export const rotateWebhookSecretResponse = rotatedWebhookSecret.or(z.object({ secret: secretNotShownAgain, previous_valid_until: z.string() }));
export type RotateWebhookSecretResponse = z.infer<typeof rotateWebhookSecretResponse>;

export const deliveryStatuses = ["pending", "delivered", "failed"] as const;

export const deliveryAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const webhookDelivery = z.object({
  id: z.uuid(),
  endpoint_id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  replay_of: z.uuid().nullable(),
  attempt_log: z.array(deliveryAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const deliveryListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  status: z.enum(deliveryStatuses).optional(),
});

export const eventFeedItem = publicEvent.extend({ cursor: z.string().describe("Pass as after= to read what follows") });
export type EventFeedItem = z.infer<typeof eventFeedItem>;

export const eventFeedQuery = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1_000).optional(),
  /** Comma-separated public types; all public types when absent. */
  types: z
    .string()
    .max(4_000)
    .optional()
    .refine((v) => !v || v.split(",").every((t) => t.trim() === WILDCARD_EVENT_TYPE || isPublicEventType(t.trim())), { message: "Unknown event type." }),
});

export const auditExportQuery = z
  .object({ from: z.iso.date().or(z.iso.datetime()), to: z.iso.date().or(z.iso.datetime()) })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), { message: "from must not be after to." });
