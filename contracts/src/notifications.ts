import { z } from "zod";

/**
 * E-mail notifications. A user's choice is recorded as events on the stream `notification-preferences-{user id}`
 * (stream type "user"); the mails themselves are the notifier's operational state (its outbox), never events.
 */
export const notificationPreferencesStreamId = (userId: string) => `notification-preferences-${userId}`;

export const emailPreferences = ["immediate", "daily", "off"] as const;
export const emailPreference = z.enum(emailPreferences, { error: "Choose immediate, daily or off." });
export type EmailPreference = z.infer<typeof emailPreference>;
export const defaultEmailPreference: EmailPreference = "immediate";

/** `GET` and `PUT /api/me/notifications`. */
export const notificationSettings = z.object({ email: emailPreference }).strict();
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** How the choice was made: on the settings screen, or by the one-click link in a mail (RFC 8058). */
export const preferenceSources = ["settings", "unsubscribe-link"] as const;

export const notificationEventSchemas = {
  NotificationPreferenceSet: z.object({ user_id: z.uuid(), email: emailPreference, via: z.enum(preferenceSources) }),
} as const;

export const notificationPreferencesCommand = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("SetEmailPreference"),
    email: emailPreference,
    via: z.enum(preferenceSources),
    /** From an unsubscribe link: the preference version the link was made for (see `unsubscribeQuery`). */
    link_version: z.number().int().min(0).optional(),
  }),
]);
export type NotificationPreferencesCommand = z.infer<typeof notificationPreferencesCommand>;

export const invalidUnsubscribeLinkMessage = "This unsubscribe link is not valid.";
export const staleUnsubscribeLinkMessage =
  "This unsubscribe link is out of date: your e-mail preferences changed after it was sent. Manage them in the app, under Notifications in your settings.";

/**
 * The signed one-click link's query: whose e-mail to turn off, the preference version it was made for (how many
 * times the user's choice had been set when the mail went out; links from before versions carry none, which is 0),
 * and the signature over both that proves the link is ours. A link older than the user's last change is refused.
 */
export const unsubscribeQuery = z.object({
  user: z.uuid({ error: invalidUnsubscribeLinkMessage }),
  v: z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, { error: invalidUnsubscribeLinkMessage })
    .transform(Number)
    .default(0),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: invalidUnsubscribeLinkMessage }),
});

export const outboxStatuses = ["pending", "held", "sent", "failed", "skipped", "digested"] as const;
export const outboxStatus = z.enum(outboxStatuses);
export type OutboxStatus = z.infer<typeof outboxStatus>;

/** A mail as the admin outbox view shows it. */
export const outboxMail = z.object({
  id: z.uuid(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: outboxStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  message_id: z.string(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const outboxListQuery = z.object({
  status: outboxStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
