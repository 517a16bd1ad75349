import type { FastifyBaseLogger } from "fastify";
import type { EventStore } from "@procure/eventstore";

/** Expired keys are few and nothing reads them: one purge a minute per store keeps the table small. */
const PURGE_EVERY_MS = 60_000;
const nextPurge = new WeakMap<EventStore, number>();

/** Purges expired Idempotency-Keys after a write, at most once a minute, without holding up the answer. */
export function purgeExpiredKeysNowAndThen(store: EventStore, log: FastifyBaseLogger): void {
  const now = Date.now();
  if ((nextPurge.get(store) ?? 0) > now) return;
  nextPurge.set(store, now + PURGE_EVERY_MS);
  store.idempotency.purgeExpired().catch((error: unknown) => log.warn({ err: error }, "Purging expired idempotency keys failed"));
}
