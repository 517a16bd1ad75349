import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { EventMetadata, NewEvent, Position, StreamType } from "@procure/contracts";
import { ConcurrencyConflictError, IdempotentReplay, isDeadlock, isUniqueViolation } from "./errors.ts";
import { chainHash, GENESIS_HASH } from "./hash-chain.ts";
import { currentSchemaVersion } from "./upcasters.ts";
import type { EventStoreTables } from "./tables.ts";
import { ORIGIN, comparePositions } from "./position.ts";
import { appendChained, insertEvents, type ChainedAppend, type ChainedAppendOutcome, type ChainedRow, type InsertedRow } from "./append-statement.ts";
import { GroupCommit } from "./group-commit.ts";
import { toStoredEvent, type EventRow } from "./event-rows.ts";
import { claimIdempotencyKey, type IdempotencyClaim } from "./idempotency-store.ts";
import type { StreamHeads } from "./stream-heads.ts";
import type { StoredEvent } from "@procure/contracts";

export type StreamAppend = {
  streamType: StreamType;
  streamId: string;
  /** 0 for a stream that must not exist yet. */
  expectedVersion: number;
  events: NewEvent[];
};

export type AppendOptions = {
  metadata: EventMetadata;
  recordedAt: string;
  idempotency?: IdempotencyClaim;
  /** State kept outside the log (credentials), written in the append's transaction so both commit or neither. */
  alsoInTransaction?: (trx: Transaction<unknown>) => Promise<void>;
};

export type AppendResult = { position: Position; events: StoredEvent[] };

type Db = Kysely<EventStoreTables>;

/**
 * Statements of chained appends that may run at once. Past two or three, more statements only queue for the same
 * cores; fewer, larger commits leave Postgres more for everything else.
 */
const APPEND_LANES = 3;
/** The most appends one statement carries: a bound on its size, far above what 16 callers make at once. */
const APPENDS_PER_STATEMENT = 64;

/** Writes to the log: each append checks its streams' versions, chains its events and claims its idempotency key. */
export class Appender {
  private readonly groupCommit: GroupCommit<ChainedAppend, ChainedAppendOutcome>;

  constructor(
    private readonly db: Db,
    private readonly heads: StreamHeads,
  ) {
    this.groupCommit = new GroupCommit({
      run: (appends) => appendChained(this.db, appends),
      lanes: APPEND_LANES,
      maxItems: APPENDS_PER_STATEMENT,
      // A writer in another process that took one append's stream version first, or a deadlock with its statement.
      oneFailedForAll: (error) => isUniqueViolation(error) || isDeadlock(error),
    });
  }

  /**
   * Appends to one or more streams atomically. Each stream's expected version is checked; a stale one raises
   * ConcurrencyConflictError and nothing is written. An idempotency claim is taken in the same transaction.
   */
  async append(appends: StreamAppend[], options: AppendOptions): Promise<AppendResult> {
    let result: AppendResult;
    try {
      result = (await this.appendChained(appends, options)) ?? (await this.appendInTransaction(appends, options));
    } catch (error) {
      if (isUniqueViolation(error)) {
        const first = appends[0]!;
        throw new ConcurrencyConflictError(first.streamId, first.expectedVersion, null);
      }
      throw error;
    }
    for (const event of result.events) this.heads.remember(event.stream_id, event.stream_version, event.hash);
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
      const hash = append.expectedVersion === 0 ? GENESIS_HASH : this.heads.hashAt(append.streamId, append.expectedVersion);
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
      for (const start of starts) this.heads.forget(start.streamId);
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
