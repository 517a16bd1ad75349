import { z } from "zod";
import { role } from "./roles.ts";
import { approvalStage, requestPriority } from "./requests.ts";
import { requestLine } from "./request-lines.ts";
import { purchasingEventSchemas } from "./purchasing-events.ts";
import { invoiceEventSchemas } from "./invoice-events.ts";
import { catalogueEventSchemas } from "./catalogue-events.ts";
import { webhookEventSchemas } from "./webhook-events.ts";
import { notificationEventSchemas } from "./notifications.ts";
import { delegationEventSchemas, onBehalfOf } from "./delegation.ts";
import { budgetEventSchemas } from "./budgets.ts";
import { controlsEventSchemas } from "./controls.ts";

export const eventMetadata = z.object({
  actor_id: z.string().nullable(),
  actor_role: role.nullable(),
  actor_email: z.string().nullable().optional(),
  correlation_id: z.string(),
  causation_id: z.string().nullable().optional(),
  idempotency_key: z.string().nullable().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadata>;

const money = z.number();
const nullableString = z.string().nullable();
/** What a requester writes on a request, and may change while it waits or when resubmitting it. */
const requestDetails = {
  title: z.string(),
  amount: money,
  /**
   * Since schema version 3 (the upcaster gives stored older events one line of their amount); a payload without them
   * is read as one line of its amount by `requestLinesOf`.
   */
  lines: z.array(requestLine).optional(),
  description: nullableString,
  category_id: nullableString,
  category_name: nullableString,
  vendor_id: nullableString,
  vendor_name: nullableString,
  /** Since schema version 2; the upcaster gives older events normal and no date. */
  priority: requestPriority,
  needed_by: nullableString,
};

/**
 * Every event the system records, by type: its current payload schema. A type whose payload changes gets a
 * new schema version and an upcaster in `upcasters.ts`; stored events are never edited.
 */
export const eventDataSchemas = {
  // users
  UserRegistered: z.object({
    user_id: z.uuid(),
    email: z.string(),
    role,
    /** Only that a password was set: the hash is state in the auth part's credentials table, never in the log. */
    password_set: z.literal(true),
    invited_by: nullableString,
  }),
  /** The role the account holds from now on; the credentials carry it too, written in the same transaction. */
  UserRoleChanged: z.object({ user_id: z.uuid(), role }),
  /** The account can no longer sign in; its sessions ended with this event's transaction. */
  UserDeactivated: z.object({ user_id: z.uuid() }),
  UserReactivated: z.object({ user_id: z.uuid() }),
  /** An admin set a temporary password (the hash is in the credentials, never here); it must be changed at sign-in. */
  UserPasswordReset: z.object({ user_id: z.uuid() }),
  /** The user chose a password of their own, ending the forced change. */
  UserPasswordChanged: z.object({ user_id: z.uuid() }),
  /** The user looked at changes to their own requests, which leave their inbox. */
  UserSawRequests: z.object({ user_id: z.uuid(), request_ids: z.array(z.uuid()) }),
  EmailReserved: z.object({ email: z.string(), user_id: z.uuid() }),
  /** Appended with the first admin's registration on a stream that must not exist yet, so only one can win. */
  FirstAdminClaimed: z.object({ user_id: z.uuid() }),

  // purchase requests
  RequestCreated: z.object({
    request_id: z.uuid(),
    ...requestDetails,
    requester_id: z.string(),
    requester_email: z.string(),
    rule_id: nullableString,
    stages: z.array(approvalStage),
  }),
  /** `on_behalf_of`: the delegator, when the actor decided as their delegate (absent before delegations existed). */
  RequestStageApproved: z.object({
    request_id: z.uuid(),
    stage_index: z.number().int(),
    role,
    comment: nullableString,
    on_behalf_of: onBehalfOf.nullable().optional(),
  }),
  RequestApproved: z.object({ request_id: z.uuid(), comment: nullableString, on_behalf_of: onBehalfOf.nullable().optional() }),
  RequestDenied: z.object({
    request_id: z.uuid(),
    stage_index: z.number().int().nullable(),
    comment: nullableString,
    on_behalf_of: onBehalfOf.nullable().optional(),
  }),
  /**
   * The decider took their decision back moments after making it, before anything followed it: the request waits
   * again at the stage it was decided on (`stage_index`, null for a request no rule routed), and a denial's skipped
   * stages wait again too.
   */
  RequestDecisionWithdrawn: z.object({ request_id: z.uuid(), verdict: z.enum(["approved", "denied"]), stage_index: z.number().int().nullable() }),
  RequestCommented: z.object({ request_id: z.uuid(), comment_id: z.uuid(), body: z.string() }),
  RequestFileAttached: z.object({
    request_id: z.uuid(),
    file_id: z.uuid(),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    storage_key: z.string(),
  }),
  RequestLinkedToOrder: z.object({ request_id: z.uuid(), order_id: z.uuid(), po_number: z.string() }),
  RequestUnlinkedFromOrder: z.object({ request_id: z.uuid(), order_id: z.uuid() }),
  /** The requester changed a pending request: its details as they now are, routed again from the first stage. */
  RequestEdited: z.object({ request_id: z.uuid(), ...requestDetails, rule_id: nullableString, stages: z.array(approvalStage) }),
  RequestWithdrawn: z.object({ request_id: z.uuid(), reason: nullableString }),
  /** A denied or withdrawn request back in the queue, with its details as resubmitted and a fresh route. */
  RequestResubmitted: z.object({ request_id: z.uuid(), ...requestDetails, rule_id: nullableString, stages: z.array(approvalStage) }),
  ...purchasingEventSchemas,
  ...invoiceEventSchemas,
  ...catalogueEventSchemas,
  ...webhookEventSchemas,
  ...notificationEventSchemas,
  ...delegationEventSchemas,
  ...budgetEventSchemas,
  ...controlsEventSchemas,
} as const;

export type EventType = keyof typeof eventDataSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;
export const eventTypes = Object.keys(eventDataSchemas) as EventType[];

/** What a decider returns: an event not yet stored. */
export type NewEvent<T extends EventType = EventType> = { [K in T]: { type: K; data: EventData<K> } }[T];

export const streamTypes = [
  "user",
  "email",
  "workspace",
  "request",
  "order",
  "vendor",
  "category",
  "catalogue",
  "rule",
  "work-order",
  "webhook",
  "budget",
] as const;
export type StreamType = (typeof streamTypes)[number];

/** An event as read back from the log. Positions are bigints carried as decimal strings. */
export type StoredEvent<T extends EventType = EventType> = {
  [K in T]: {
    global_position: string;
    transaction_id: string;
    event_id: string;
    stream_type: StreamType;
    stream_id: string;
    stream_version: number;
    type: K;
    schema_version: number;
    data: EventData<K>;
    metadata: EventMetadata;
    recorded_at: string;
    hash: string;
  };
}[T];
