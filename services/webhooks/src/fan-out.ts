import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { publicNameOf, publicPayloadOf, WILDCARD_EVENT_TYPE, type Position, type StoredEvent } from "@procure/contracts";
import { comparePositions, lockCheckpoints, ORIGIN, positionOf, quietTransactions, saveCheckpoint, type QuietTransaction } from "@procure/eventstore";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const FAN_OUT_CHECKPOINT = "webhooks:fan-out";

type Subscription = { endpoint_id: string; url: string; event_types: string[]; enabled: boolean; deleted: boolean };

/** The body every receiver gets for an event: `{type, timestamp, data}` with the public payload. */
export function deliveryBody(event: StoredEvent): string | null {
  const type = publicNameOf(event.type);
  if (!type) return null;
  return JSON.stringify({ type, timestamp: event.recorded_at, data: publicPayloadOf(event.type, event.data) });
}

/** Folds an endpoint's configuration event; other events leave the subscriptions as they are. */
function fold(subscriptions: Map<string, Subscription>, event: StoredEvent): boolean {
  switch (event.type) {
    case "WebhookEndpointCreated":
    case "WebhookEndpointUpdated": {
      const d = event.data;
      subscriptions.set(d.endpoint_id, { endpoint_id: d.endpoint_id, url: d.url, event_types: d.event_types, enabled: d.enabled, deleted: false });
      return true;
    }
    case "WebhookEndpointDisabled": {
      const current = subscriptions.get(event.data.endpoint_id);
      if (current) current.enabled = false;
      return true;
    }
    case "WebhookEndpointDeleted": {
      const current = subscriptions.get(event.data.endpoint_id);
      if (current) Object.assign(current, { enabled: false, deleted: true });
      return true;
    }
    default:
      return false;
  }
}

const wants = (s: Subscription, type: string) => s.enabled && !s.deleted && (s.event_types.includes(WILDCARD_EVENT_TYPE) || s.event_types.includes(type));

/** The endpoints' subscriptions as of the fan-out checkpoint at `at`, kept between batches by one dispatcher. */
export type KnownSubscriptions = { at: Position; subscriptions: Map<string, Subscription> };

/** One pending delivery per subscribed endpoint and event of `events`, folding endpoint changes as they come. */
function deliveriesOf(subscriptions: Map<string, Subscription>, events: readonly StoredEvent[]) {
  const changed = new Set<string>();
  const rows: unknown[][] = [];
  for (const event of events) {
    if (fold(subscriptions, event)) {
      changed.add((event.data as { endpoint_id: string }).endpoint_id);
      continue;
    }
    const type = publicNameOf(event.type);
    if (!type) continue;
    const wanting = [...subscriptions.values()].filter((s) => wants(s, type));
    if (wanting.length === 0) continue;
    const body = deliveryBody(event)!;
    for (const s of wanting) rows.push([randomUUID(), s.endpoint_id, event.event_id, type, event.stream_id, event.transaction_id, event.global_position, body]);
  }
  return { changed, rows };
}

type FanOut = { reached: Position; queued: number; known: KnownSubscriptions | null; stored: boolean };

const copyOf = (subscriptions: Map<string, Subscription>) => new Map([...subscriptions].map(([id, s]) => [id, { ...s }]));

/**
 * Records one pending delivery per subscribed endpoint and event of a batch read after `from`, together with the
 * fan-out checkpoint, under its lease: a second dispatcher waits, then starts where this one stopped. Endpoint
 * configuration is folded from the same log in the same order, so an endpoint receives exactly the events recorded
 * while it was subscribed. A batch that changes no endpoint and that no endpoint wants, when the subscriptions this
 * dispatcher knows are those at `from`, writes nothing: the caller moves the checkpoint later (IdleCheckpointMoves), and
 * a crash meanwhile only reads those events again. The lease's path takes such a gap in its stride: the batch after
 * it is all new to the checkpoint, and the gap held nothing to record. Answers the position reached, the
 * subscriptions known there, and whether the checkpoint stands there.
 */
export async function fanOutBatch(db: AnyDb, events: readonly StoredEvent[], from: Position, known: KnownSubscriptions | null): Promise<FanOut> {
  const last = positionOf(events.at(-1)!);
  if (known && comparePositions(known.at, from) === 0) {
    const subscriptions = copyOf(known.subscriptions);
    const { changed, rows } = deliveriesOf(subscriptions, events);
    if (changed.size === 0 && rows.length === 0) return { reached: last, queued: 0, known: { at: last, subscriptions }, stored: false };
  }
  // It appends no event, so readers of the log need not wait for it while it runs.
  const quiet: QuietTransaction = { xid: null };
  const batch = db.transaction().execute(async (trx) => {
    const after = (await lockCheckpoints(trx, [FAN_OUT_CHECKPOINT], { quiet })).get(FAN_OUT_CHECKPOINT)?.position ?? ORIGIN;
    if (comparePositions(last, after) <= 0) return { reached: after, queued: 0, known: null, stored: true };
    const subscriptions = await loadSubscriptions(trx);
    const { changed, rows } = deliveriesOf(
      subscriptions,
      events.filter((e) => comparePositions(positionOf(e), after) > 0),
    );
    await saveSubscriptions(trx, [...changed].map((id) => subscriptions.get(id)!).filter(Boolean));
    if (rows.length > 0) await insertDeliveries(trx, rows);
    await saveCheckpoint(trx, FAN_OUT_CHECKPOINT, last);
    return { reached: last, queued: rows.length, known: { at: last, subscriptions: copyOf(subscriptions) }, stored: true };
  });
  return batch.finally(() => quietTransactions.end(quiet));
}

async function loadSubscriptions(trx: Transaction<unknown>): Promise<Map<string, Subscription>> {
  const { rows } = await sql<Subscription>`select endpoint_id::text as endpoint_id, url, event_types, enabled, deleted from webhook_subscriptions`.execute(trx);
  return new Map(rows.map((r) => [r.endpoint_id, r]));
}

async function saveSubscriptions(trx: Transaction<unknown>, subscriptions: Subscription[]) {
  for (const s of subscriptions) {
    await sql`insert into webhook_subscriptions (endpoint_id, url, event_types, enabled, deleted)
      values (${s.endpoint_id}::uuid, ${s.url}, ${JSON.stringify(s.event_types)}::jsonb, ${s.enabled}, ${s.deleted})
      on conflict (endpoint_id) do update set url = excluded.url, event_types = excluded.event_types,
        enabled = excluded.enabled, deleted = excluded.deleted`.execute(trx);
  }
}

async function insertDeliveries(trx: Transaction<unknown>, rows: unknown[][]) {
  const col = (i: number) => rows.map((r) => r[i]);
  await sql`insert into webhook_deliveries (id, endpoint_id, event_id, event_type, stream_id, tx, pos, body, status, next_attempt_at, created_at)
    select id, endpoint_id, event_id, event_type, stream_id, tx::xid8, pos, body, 'pending', now(), now() from unnest(
      ${col(0)}::uuid[], ${col(1)}::uuid[], ${col(2)}::uuid[], ${col(3)}::text[], ${col(4)}::text[],
      ${col(5)}::text[], ${col(6)}::bigint[], ${col(7)}::text[]) as t(id, endpoint_id, event_id, event_type, stream_id, tx, pos, body)
    on conflict (endpoint_id, event_id) where replay_of is null do nothing`.execute(trx);
}
