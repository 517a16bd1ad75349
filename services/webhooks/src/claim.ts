import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export type ClaimedDelivery = { id: string; endpoint_id: string; event_id: string; url: string; body: string; attempts: number };

export type ClaimLimits = { limit: number; perEndpoint: number; leaseMs: number };

/**
 * Takes up to `limit` due deliveries for `leaseMs`, and no more for one endpoint than make `perEndpoint` with those
 * it already has leased (by any dispatcher), so a slow receiver holds a few sends, not all. Rows another
 * dispatcher is claiming are skipped (SKIP LOCKED), and a delivery waits while an earlier event of the same stream
 * to the same endpoint is still undelivered, so each endpoint sees every stream in order. The lease, not an open
 * transaction, covers the HTTP call: a dispatcher that dies mid-send leaves the delivery to be retried once the
 * lease ends. Two dispatchers claiming at the same moment may go past `perEndpoint` together, never past `limit`.
 */
export async function claimDue(db: AnyDb, { limit, perEndpoint, leaseMs }: ClaimLimits): Promise<ClaimedDelivery[]> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<ClaimedDelivery>`with leased as (
        select endpoint_id, count(*) as n from webhook_deliveries
        where status = 'pending' and locked_until >= now()
        group by endpoint_id),
      ranked as (
        select d.id, d.next_attempt_at, d.tx, d.pos,
          row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.tx, d.pos) + coalesce(l.n, 0) as slot
        from webhook_deliveries d
        join webhook_subscriptions s on s.endpoint_id = d.endpoint_id and s.enabled and not s.deleted
        left join leased l on l.endpoint_id = d.endpoint_id
        where d.status = 'pending' and d.next_attempt_at <= now()
          and (d.locked_until is null or d.locked_until < now())
          and (d.replay_of is not null or d.tx is null or not exists (
            select 1 from webhook_deliveries e
            where e.endpoint_id = d.endpoint_id and e.stream_id = d.stream_id and e.status = 'pending'
              and e.replay_of is null and e.tx is not null and (e.tx, e.pos) < (d.tx, d.pos)))),
      due as (
        -- The row's own conditions again: a row another dispatcher claimed or finished after this statement's
        -- snapshot is locked here in its new version, and only conditions on it are checked again (not the CTE's).
        select d.id from webhook_deliveries d join ranked r on r.id = d.id
        where r.slot <= ${perEndpoint} and d.status = 'pending' and d.next_attempt_at <= now()
          and (d.locked_until is null or d.locked_until < now())
        order by r.next_attempt_at, r.tx, r.pos
        limit ${limit}
        for update of d skip locked)
      update webhook_deliveries w set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = w.attempts + 1
      from due, webhook_subscriptions s
      where w.id = due.id and s.endpoint_id = w.endpoint_id
      returning w.id::text as id, w.endpoint_id::text as endpoint_id, w.event_id::text as event_id, s.url, w.body, w.attempts`.execute(trx);
    return rows;
  });
}

export type AttemptOutcome = { responseCode: number | null; latencyMs: number | null; error: string | null };

/** Records one attempt and what follows it: delivered, retried at `retryInMs`, or failed for good. */
export async function recordAttempt(
  db: AnyDb,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  next: { kind: "delivered" } | { kind: "retry"; inMs: number } | { kind: "failed" },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`insert into webhook_attempts (delivery_id, attempt, at, response_code, latency_ms, error)
      values (${delivery.id}::uuid, ${delivery.attempts}, now(), ${outcome.responseCode}, ${outcome.latencyMs}, ${outcome.error})
      on conflict (delivery_id, attempt) do nothing`.execute(trx);
    const status = next.kind === "retry" ? "pending" : next.kind;
    const nextAt = next.kind === "retry" ? sql`now() + ${`${next.inMs} milliseconds`}::interval` : sql`null`;
    await sql`update webhook_deliveries set status = ${status}, locked_until = null, next_attempt_at = ${nextAt},
        response_code = ${outcome.responseCode}, latency_ms = ${outcome.latencyMs}, last_error = ${outcome.error},
        delivered_at = ${next.kind === "delivered" ? sql`now()` : sql`null`}
      where id = ${delivery.id}::uuid and status = 'pending'`.execute(trx);
  });
}
