import { sql } from "kysely";

/** How long an Idempotency-Key is remembered (as Stripe does): past this, the same key starts a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Keys claimed before this moment have expired. */
export const idempotencyExpiryCutoff = (now: Date | string = new Date()): string => new Date(new Date(now).getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();

/**
 * The `on conflict (scope, key)` action of a claim: a key still remembered is taken (the claim fails), an expired
 * one is claimed afresh, in the same statement, so two retries racing for it cannot both win.
 */
export const reclaimExpiredKey = sql`do update set request_hash = excluded.request_hash, status_code = null, response = null,
  created_at = excluded.created_at
  where idempotency_keys.created_at < excluded.created_at - ${IDEMPOTENCY_KEY_TTL_MS} * interval '1 millisecond'`;

/** The most expired keys one purge deletes: a backlog goes in several short statements rather than one long one. */
export const PURGE_BATCH = 5_000;
