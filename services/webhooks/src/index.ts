export { WebhookDispatcher, type DispatcherOptions } from "./dispatcher.ts";
export { webhookMigrations } from "./migrations/index.ts";
export { parseRetrySchedule, DEFAULT_RETRY_SCHEDULE_MS } from "./retry-schedule.ts";
export { signatureHeader, verifyDelivery } from "./signature.ts";
export { assertPublicUrl, isPrivateAddress, PrivateUrlError } from "./address-guard.ts";
export { generateSecret, storeSecret, rotateSecret, activeSecrets, deleteSecrets, ROTATION_OVERLAP_MS } from "./secrets.ts";
export { webhookStreamId } from "@procure/contracts";
export { deliveryBody, FAN_OUT_CHECKPOINT } from "./fan-out.ts";
export * from "./deliveries.ts";
