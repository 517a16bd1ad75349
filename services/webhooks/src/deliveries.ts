import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { TEST_EVENT_TYPE, type WebhookDelivery } from "@procure/contracts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

type DeliveryRow = Omit<WebhookDelivery, "attempt_log">;

/**
 * An endpoint's deliveries, newest first, each with its attempts. Both reads share one snapshot: an attempt is
 * recorded with its delivery's new status, and a list must never show the one without the other.
 */
export function listDeliveries(db: AnyDb, endpointId: string, options: { limit: number; status?: string }): Promise<WebhookDelivery[]> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute((tx) => readDeliveries(tx, endpointId, options));
}

async function readDeliveries(db: AnyDb, endpointId: string, options: { limit: number; status?: string }): Promise<WebhookDelivery[]> {
  const status = options.status ? sql`and status = ${options.status}` : sql``;
  const { rows } = await sql<DeliveryRow>`select id::text as id, endpoint_id::text as endpoint_id, event_id::text as event_id, event_type,
      status, attempts, response_code, latency_ms, last_error,
      case when status = 'pending' then next_attempt_at end as next_attempt_at, created_at, delivered_at, replay_of::text as replay_of
    from webhook_deliveries where endpoint_id = ${endpointId}::uuid ${status}
    order by created_at desc, tx desc nulls first, pos desc nulls first limit ${options.limit}`.execute(db);
  if (rows.length === 0) return [];
  const { rows: attempts } = await sql<{
    delivery_id: string;
    attempt: number;
    at: string;
    response_code: number | null;
    latency_ms: number | null;
    error: string | null;
  }>`
    select delivery_id::text as delivery_id, attempt, at, response_code, latency_ms, error from webhook_attempts
    where delivery_id = any(${rows.map((r) => r.id)}::uuid[]) order by attempt`.execute(db);
  return rows.map((row) => ({
    ...row,
    attempt_log: attempts.filter((a) => a.delivery_id === row.id).map(({ delivery_id: _, ...a }) => a),
  }));
}

export async function getDelivery(db: AnyDb, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
  const all = await sql<{
    created_at: string;
  }>`select created_at from webhook_deliveries where id = ${deliveryId}::uuid and endpoint_id = ${endpointId}::uuid`.execute(db);
  if (all.rows.length === 0) return null;
  const rows = await listDeliveries(db, endpointId, { limit: 500 });
  return rows.find((r) => r.id === deliveryId) ?? null;
}

/** Sends an event again: a new delivery with the same event id and body, outside the per-stream order. */
export async function replayDelivery(db: AnyDb, endpointId: string, deliveryId: string): Promise<string | null> {
  const id = randomUUID();
  const { rows } = await sql<{ id: string }>`insert into webhook_deliveries
      (id, endpoint_id, event_id, event_type, stream_id, tx, pos, body, status, next_attempt_at, created_at, replay_of)
    select ${id}::uuid, endpoint_id, event_id, event_type, stream_id, tx, pos, body, 'pending', now(), now(), coalesce(replay_of, id)
    from webhook_deliveries where id = ${deliveryId}::uuid and endpoint_id = ${endpointId}::uuid
    returning id::text as id`.execute(db);
  return rows[0]?.id ?? null;
}

/** Queues a `webhook.test` event for one endpoint; it is not in the log and no other endpoint gets it. */
export async function queueTestEvent(db: AnyDb, endpointId: string, now = new Date()): Promise<string> {
  const id = randomUUID();
  const eventId = randomUUID();
  const body = JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    data: { endpoint_id: endpointId, message: "A test event from Procure." },
  });
  await sql`insert into webhook_deliveries (id, endpoint_id, event_id, event_type, stream_id, body, status, next_attempt_at, created_at, replay_of)
    values (${id}::uuid, ${endpointId}::uuid, ${eventId}::uuid, ${TEST_EVENT_TYPE}, ${"test"}, ${body}, 'pending', now(), now(), ${id}::uuid)`.execute(db);
  return id;
}
