import { sql, type Kysely } from "kysely";
import { GENESIS_HASH, type HashedFields } from "./hash-chain.ts";
import type { IdempotencyClaim } from "./event-store.ts";
import { reclaimExpiredKey } from "./idempotency-expiry.ts";

export type ChainedRow = HashedFields & { hash: string };

/** Where the log put an inserted event: all an append reads back, since it knows the rest. */
export type InsertedRow = { event_id: string; transaction_id: string; global_position: string };

/** An append chained ahead of time from heads its store believes current, ready to share a statement. */
export type ChainedAppend = {
  rows: ChainedRow[];
  /** The heads the chain continues from, for streams that already exist; each must still be the head. */
  continues: { streamId: string; version: number; hash: string }[];
  claim?: IdempotencyClaim;
  recordedAt: string;
};

export type ChainedAppendOutcome =
  | { kind: "appended"; places: InsertedRow[] }
  /** A head it continues from has moved, or was never what the store believed; nothing was written. */
  | { kind: "stale" }
  /** Its idempotency key was claimed first; nothing was written. */
  | { kind: "replayed" };

type OutRow = { g: number | null; verdict: ChainedAppendOutcome["kind"] | null } & (InsertedRow | { event_id: null });

const ROW_COLUMNS = sql`event_id uuid, stream_type text, stream_id text, stream_version int, type text, schema_version int, data jsonb,
  metadata jsonb, recorded_at timestamptz, hash text`;

/**
 * Inserts chained rows, sent as one JSON parameter (Postgres parses it once, rather than the driver escaping each
 * value into an array literal), where `guard` holds; returns where the log put each. A filter, never a join, so the
 * rows keep the order they were chained in and each stream's positions rise with its versions.
 */
export function insertEvents(rows: readonly ChainedRow[], guard: ReturnType<typeof sql>) {
  return sql`insert into events (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, hash)
    select event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, hash
    from json_to_recordset(${JSON.stringify(rows)}::json) as r (g int, ${ROW_COLUMNS})
    ${guard}
    returning event_id::text as event_id, transaction_id::text as transaction_id, global_position::text as global_position`;
}

/**
 * Writes several chained appends with one statement, so they share one commit, and judges each on its own: an
 * append whose heads moved is stale, one whose idempotency key was taken is replayed, and neither writes anything;
 * the others are inserted. Appends to the same stream, or with the same key, must not share a statement: a writer
 * racing one of them to a version fails the whole statement on the (stream_id, stream_version) key.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function appendChained(db: Kysely<any>, appends: readonly ChainedAppend[]): Promise<ChainedAppendOutcome[]> {
  const claims = appends.map((append, g) => ({ g, ...append.claim, recorded_at: append.recordedAt }));
  const continues = appends.flatMap((append, g) => append.continues.map((head) => ({ g, ...head })));
  const rows = appends.flatMap((append, g) => append.rows.map((row) => ({ g, ...row })));
  const { rows: out } = await sql<OutRow>`with
    appends as (
      select * from json_to_recordset(${JSON.stringify(claims)}::json) as a (g int, scope text, key text, "requestHash" text, recorded_at timestamptz)
    ),
    stale as (
      select distinct expected.g
      from json_to_recordset(${JSON.stringify(continues)}::json) as expected (g int, "streamId" text, version int, hash text)
      left join lateral (
        select e.stream_version, e.hash from events e where e.stream_id = expected."streamId" order by e.stream_version desc limit 1
      ) head on true
      where coalesce(head.stream_version, 0) <> expected.version or coalesce(head.hash, ${GENESIS_HASH}) <> expected.hash
    ),
    claimed as (
      insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at)
      select scope, key, "requestHash", null, null, recorded_at from appends
      where key is not null and g <> all(array(select g from stale))
      on conflict (scope, key) ${reclaimExpiredKey}
      returning scope, key
    ),
    verdicts as (
      select g, case
        when g = any(array(select g from stale)) then 'stale'
        when key is not null and not exists (select 1 from claimed c where c.scope = appends.scope and c.key = appends.key) then 'replayed'
        else 'appended'
      end as verdict
      from appends
    ),
    inserted as (
      ${insertEvents(rows, sql`where r.g = any(array(select g from verdicts where verdict = 'appended'))`)}
    )
    select g, verdict, null as event_id, null as transaction_id, null as global_position from verdicts
    union all
    select null, null, event_id, transaction_id, global_position from inserted`.execute(db);
  const verdicts = new Map<number, ChainedAppendOutcome["kind"]>();
  const appendOf = new Map(rows.map((row) => [row.event_id, row.g]));
  const places = appends.map((): InsertedRow[] => []);
  for (const row of out) {
    if (row.g !== null) verdicts.set(row.g, row.verdict!);
    else if (row.event_id !== null) places[appendOf.get(row.event_id)!]!.push(row);
  }
  return appends.map((_, g) => {
    const verdict = verdicts.get(g)!;
    return verdict === "appended" ? { kind: verdict, places: places[g]! } : { kind: verdict };
  });
}
