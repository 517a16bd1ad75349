import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { EventMetadata, NewEvent, Position, StoredEvent, StreamType } from "@procure/contracts";
import { ConcurrencyConflictError, IdempotentReplay, isDeadlock, isUniqueViolation } from "./errors.ts";
import { AppendsInFlight } from "./appends-in-flight.ts";
import { chainHash, GENESIS_HASH, type HashedFields } from "./hash-chain.ts";
import { currentSchemaVersion, upcast } from "./upcasters.ts";
import type { EventStoreTables } from "./tables.ts";
import { ORIGIN, comparePositions } from "./position.ts";
import { quietTransactions } from "./quiet-transactions.ts";
import { appendChained, insertEvents, type ChainedAppend, type ChainedAppendOutcome, type ChainedRow, type InsertedRow } from "./append-statement.ts";
import { GroupCommit } from "./group-commit.ts";
import { idempotencyExpiryCutoff, PURGE_BATCH, reclaimExpiredKey } from "./idempotency-expiry.ts";

export type StreamAppend = {
  streamType: StreamType;
  streamId: string;
  /** 0 for a stream that must not exist yet. */
  expectedVersion: number;
  events: NewEvent[];
};

export type IdempotencyClaim = { scope: string; key: string; requestHash: string };

export type AppendOptions = {
  metadata: EventMetadata;
  recordedAt: string;
  idempotency?: IdempotencyClaim;
  /** State kept outside the log (credentials), written in the append's transaction so both commit or neither. */
  alsoInTransaction?: (trx: Transaction<unknown>) => Promise<void>;
};

export type AppendResult = { position: Position; events: StoredEvent[] };

type Db = Kysely<EventStoreTables>;

const eventColumns = sql`event_id::text as event_id, stream_type, stream_id, stream_version, type, schema_version,
  data, metadata, recorded_at, transaction_id::text as transaction_id, global_position::text as global_position, hash`;

/** A row as stored: the hashed fields plus where it sits in the log. */
export type EventRow = HashedFields & { transaction_id: string; global_position: string; hash: string };

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function toStoredEvent(row: EventRow): StoredEvent {
  const recorded = row.recorded_at as unknown;
  // The driver's type parsers already give the ISO form; anything else (a Date, another offset) is normalized.
  const iso = typeof recorded === "string" && ISO_UTC.test(recorded) ? recorded : new Date(recorded as string).toISOString();
  return upcast({ ...row, recorded_at: iso } as unknown as StoredEvent);
}

/** How many stream heads an event store remembers, so an append after a read needs no head lookup. */
const KNOWN_HEADS = 10_000;

/**
 * Statements of chained appends that may run at once. Past two or three, more statements only queue for the same
 * cores; fewer, larger commits leave Postgres more for everything else.
 */
const APPEND_LANES = 3;
/** The most appends one statement carries: a bound on its size, far above what 16 callers make at once. */
const APPENDS_PER_STATEMENT = 64;

export class EventStore {
  private readonly listeners = new Set<(position: Position) => void>();
  /** The newest version and hash seen of recently read or written streams; a hint, checked by every append. */
  private readonly heads = new Map<string, { version: number; hash: string }>();

  readonly db: Db;

  private readonly groupCommit: GroupCommit<ChainedAppend, ChainedAppendOutcome>;

  /**
   * Takes any database that includes the event store's tables (the app's also holds the read models), and the
   * process's count of appends in flight when another thread's store shares it.
   */
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    readonly appendsInFlight: AppendsInFlight = AppendsInFlight.counter(),
  ) {
    this.db = db as Db;
    this.groupCommit = new GroupCommit({
      run: (appends) => appendChained(this.db, appends),
      lanes: APPEND_LANES,
      maxItems: APPENDS_PER_STATEMENT,
      // A writer in another process that took one append's stream version first, or a deadlock with its statement.
      oneFailedForAll: (error) => isUniqueViolation(error) || isDeadlock(error),
    });
  }

  /** Called after every commit in this process, so the local relay can publish without waiting for a poll. */
  onAppended(listener: (position: Position) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells this store's listeners of an append made through another store over the same database (the API's, seen
   * from the background thread), so they wake as for one of its own.
   */
  announceAppended(position: Position): void {
    for (const listener of this.listeners) listener(position);
  }

  /**
   * Appends to one or more streams atomically. Each stream's expected version is checked; a stale one raises
   * ConcurrencyConflictError and nothing is written. An idempotency claim is taken in the same transaction.
   */
  async append(appends: StreamAppend[], options: AppendOptions): Promise<AppendResult> {
    let result: AppendResult;
    this.appendsInFlight.begin();
    try {
      result = (await this.appendChained(appends, options)) ?? (await this.appendInTransaction(appends, options));
    } catch (error) {
      if (isUniqueViolation(error)) {
        const first = appends[0]!;
        throw new ConcurrencyConflictError(first.streamId, first.expectedVersion, null);
      }
      throw error;
    } finally {
      this.appendsInFlight.end();
    }
    for (const event of result.events) this.remember(event.stream_id, event.stream_version, event.hash);
    for (const listener of this.listeners) listener(result.position);
    return result;
  }

  /**
   * The common case in one round trip: when the hash of every stream's head at its expected version is known (a
   * new stream, or one this store just read), the events are chained here and inserted by a statement that also
   * claims the idempotency key, shared with the other appends under way (group commit). It writes only if every
   * head is still exactly the one the chain starts from; a writer racing it to the same version makes it fail on
   * the (stream_id, stream_version) key. Answers null, having written nothing, when a head was unknown or has
   * moved: the transactional path then reads the heads and says which conflict it was.
   */
  private async appendChained(appends: StreamAppend[], options: AppendOptions): Promise<AppendResult | null> {
    if (options.alsoInTransaction) return null;
    const starts: { streamId: string; version: number; hash: string }[] = [];
    for (const append of appends) {
      const hash =
        append.expectedVersion === 0
          ? GENESIS_HASH
          : this.heads.get(append.streamId)?.version === append.expectedVersion
            ? this.heads.get(append.streamId)!.hash
            : null;
      if (hash === null) return null;
      starts.push({ streamId: append.streamId, version: append.expectedVersion, hash });
    }
    const rows = appends.flatMap((append, i) => chainRows(append, starts[i]!.hash, options));
    if (rows.length === 0) return null;
    const claim = options.idempotency;
    const keys = appends.map((append) => `stream ${append.streamId}`);
    if (claim) keys.push(`claim ${claim.scope} ${claim.key}`);
    // A stream that must not exist yet needs no head lookup: its first version is already taken if it exists, and
    // the (stream_id, stream_version) key refuses the insert.
    const continues = starts.filter((start) => start.version > 0);
    const outcome = await this.groupCommit.submit({ rows, continues, claim, recordedAt: options.recordedAt }, keys);
    if (outcome.kind === "stale") {
      for (const start of starts) this.heads.delete(start.streamId);
      return null;
    }
    if (outcome.kind === "replayed") throw new IdempotentReplay(claim!.scope, claim!.key);
    return stored(withPlaces(rows, outcome.places), appends);
  }

  private async appendInTransaction(appends: StreamAppend[], options: AppendOptions): Promise<AppendResult> {
    return this.db.transaction().execute(async (trx) => {
      if (options.idempotency) await claimIdempotencyKey(trx, options.idempotency, options.recordedAt);
      const rows: EventRow[] = [];
      for (const streamAppend of appends) rows.push(...(await appendStream(trx, streamAppend, options)));
      if (options.alsoInTransaction) await options.alsoInTransaction(trx as unknown as Transaction<unknown>);
      return stored(rows, appends);
    });
  }

  private remember(streamId: string, version: number, hash: string) {
    const known = this.heads.get(streamId);
    if (known && known.version > version) return;
    this.heads.delete(streamId);
    this.heads.set(streamId, { version, hash });
    if (this.heads.size > KNOWN_HEADS) this.heads.delete(this.heads.keys().next().value!);
  }

  /** A stream's events in order; with `upTo`, only those at or below that version. */
  async readStream(streamId: string, upTo?: number): Promise<StoredEvent[]> {
    return (await this.readStreamRows(streamId, upTo)).map(toStoredEvent);
  }

  /** The stream's rows exactly as stored, without upcasting: what the hash chain covers. */
  async readStreamRows(streamId: string, upTo?: number): Promise<EventRow[]> {
    const { rows } = await sql<EventRow>`select ${eventColumns} from events where stream_id = ${streamId}
      ${upTo === undefined ? sql`` : sql`and stream_version <= ${upTo}`} order by stream_version`.execute(this.db);
    const head = rows.at(-1);
    if (head && upTo === undefined) this.remember(streamId, head.stream_version, head.hash);
    return rows;
  }

  /**
   * Events after `after`, in log order, never past the oldest transaction still running: a row committed late
   * by a slow writer has a lower transaction id than rows already visible, and must not be skipped. Running
   * transactions of this process that append nothing (projection batches, the relay) do not hold readers back;
   * the reading transaction's own id counts as running unless it is one of those.
   */
  async readAll(after: Position, limit = 500): Promise<StoredEvent[]> {
    const { rows } = await sql<EventRow>`with snapshot as (select pg_current_snapshot() as s)
      select ${eventColumns} from events
      where (transaction_id, global_position) > (${after.tx}::xid8, ${after.pos}::bigint)
        and transaction_id < (
          select coalesce(
            (select min(running) from (select pg_snapshot_xip(snapshot.s) union all select pg_current_xact_id_if_assigned()) as open (running)
              where running <> all(${quietTransactions.list()}::xid8[])),
            pg_snapshot_xmax(snapshot.s)
          ) from snapshot
        )
      order by events.transaction_id, events.global_position
      limit ${limit}`.execute(this.db);
    return rows.map(toStoredEvent);
  }

  /**
   * The events a command with this Idempotency-Key appended, to answer a retry whose first attempt died; `since`,
   * when the key was claimed, leaves out what an earlier, expired use of the same key appended.
   */
  async readByIdempotencyKey(key: string, actorId: string | null, since?: string): Promise<StoredEvent[]> {
    const { rows } = await sql<EventRow>`select ${eventColumns} from events
      where metadata->>'idempotency_key' = ${key} and metadata ? 'idempotency_key'
        and (metadata->>'actor_id') is not distinct from ${actorId}
        ${since === undefined ? sql`` : sql`and recorded_at >= ${since}::timestamptz`}
      order by events.transaction_id, events.global_position`.execute(this.db);
    return rows.map(toStoredEvent);
  }

  async positionOfEvent(eventId: string): Promise<Position | null> {
    const { rows } = await sql<Position>`select transaction_id::text as tx, global_position::text as pos from events
      where event_id = ${eventId}::uuid`.execute(this.db);
    return rows[0] ?? null;
  }

  async countEvents(): Promise<number> {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from events`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** The position of the newest committed event, or the origin of an empty log. */
  async headPosition(): Promise<Position> {
    const { rows } = await sql<{ tx: string; pos: string }>`select transaction_id::text as tx, global_position::text as pos
      from events order by transaction_id desc, global_position desc limit 1`.execute(this.db);
    return rows[0] ?? ORIGIN;
  }

  /** What became of a key claimed within the last 24 hours; an older key is as good as never used. */
  async findIdempotentResponse(scope: string, key: string) {
    return this.db
      .selectFrom("idempotency_keys")
      .select(["request_hash", "status_code", "response", "created_at"])
      .where("scope", "=", scope)
      .where("key", "=", key)
      .where("created_at", ">=", idempotencyExpiryCutoff())
      .executeTakeFirst();
  }

  /** Deletes a batch of expired keys; answers how many went. */
  async purgeExpiredIdempotencyKeys(now: Date = new Date()): Promise<number> {
    const { rows } = await sql<{ n: number }>`with gone as (delete from idempotency_keys where ctid = any(array(
      select ctid from idempotency_keys where created_at < ${idempotencyExpiryCutoff(now)}::timestamptz limit ${PURGE_BATCH})) returning 1)
      select count(*)::int as n from gone`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  async saveIdempotentResponse(scope: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({ status_code: statusCode, response: JSON.stringify(response) })
      .where("scope", "=", scope)
      .where("key", "=", key)
      .execute();
  }
}

async function claimIdempotencyKey(trx: Transaction<EventStoreTables>, claim: IdempotencyClaim, at: string) {
  const { rows } = await sql`insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at)
    values (${claim.scope}, ${claim.key}, ${claim.requestHash}, null, null, ${at})
    on conflict (scope, key) ${reclaimExpiredKey} returning key`.execute(trx);
  if (rows.length === 0) throw new IdempotentReplay(claim.scope, claim.key);
}

async function appendStream(trx: Transaction<EventStoreTables>, append: StreamAppend, options: AppendOptions): Promise<EventRow[]> {
  const head = await trx
    .selectFrom("events")
    .select(["stream_version", "hash"])
    .where("stream_id", "=", append.streamId)
    .orderBy("stream_version", "desc")
    .limit(1)
    .executeTakeFirst();
  const actual = head?.stream_version ?? 0;
  if (actual !== append.expectedVersion) {
    throw new ConcurrencyConflictError(append.streamId, append.expectedVersion, actual);
  }
  const rows = chainRows(append, head?.hash ?? GENESIS_HASH, options);
  if (rows.length === 0) return [];
  const { rows: inserted } = await sql<InsertedRow>`${insertEvents(rows, sql``)}`.execute(trx);
  return withPlaces(rows, inserted);
}

/** A stream's new events, numbered after its expected version and chained from the hash of its head there. */
function chainRows(append: StreamAppend, headHash: string, options: AppendOptions) {
  let previousHash = headHash;
  return append.events.map((event, i) => {
    const fields = {
      event_id: randomUUID(),
      stream_type: append.streamType,
      stream_id: append.streamId,
      stream_version: append.expectedVersion + i + 1,
      type: event.type,
      schema_version: currentSchemaVersion(event.type),
      data: event.data,
      metadata: options.metadata,
      recorded_at: options.recordedAt,
    };
    previousHash = chainHash(previousHash, fields);
    return { ...fields, hash: previousHash };
  });
}

/** The rows as stored: what the append chained, at the places the log gave them. */
function withPlaces(rows: readonly ChainedRow[], inserted: readonly InsertedRow[]): EventRow[] {
  const places = new Map(inserted.map((row) => [row.event_id, row]));
  return rows.flatMap((row) => {
    const place = places.get(row.event_id);
    return place ? [{ ...row, transaction_id: place.transaction_id, global_position: place.global_position }] : [];
  });
}

/** The appended events in the order the appends named them, and the position of the newest. */
function stored(rows: readonly EventRow[], appends: readonly StreamAppend[]): AppendResult {
  const order = new Map(appends.map((append, i) => [append.streamId, i]));
  const events = rows.map(toStoredEvent).sort((a, b) => order.get(a.stream_id)! - order.get(b.stream_id)! || a.stream_version - b.stream_version);
  let position: Position = ORIGIN;
  for (const event of events) {
    const at = { tx: event.transaction_id, pos: event.global_position };
    if (comparePositions(at, position) > 0) position = at;
  }
  return { position, events };
}

export { comparePositions };
