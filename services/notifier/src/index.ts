export { Notifier, type NotifierOptions } from "./notifier.ts";
export { notifierMigrations } from "./migrations/index.ts";
export { NOTIFIER_CHECKPOINT } from "./notify-batch.ts";
export { listOutbox, getOutboxMail, retryMail } from "./outbox.ts";
export { unsubscribeUrl, verifyUnsubscribeToken } from "./unsubscribe-token.ts";
export { isTimeZone } from "./digest-time.ts";
export { DEFAULT_MAIL_RETRY_SCHEDULE_MS } from "./retry-schedule.ts";
