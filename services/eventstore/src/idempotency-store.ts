import { sql, type Kysely, type Transaction } from "kysely";
import type { StoredEvent } from "@procure/contracts";
import { IdempotentReplay } from "./errors.ts";
import { eventColumns, toStoredEvent, type EventRow } from "./event-rows.ts";
import { idempotencyExpiryCutoff, PURGE_BATCH, reclaimExpiredKey } from "./idempotency-expiry.ts";
import type { EventStoreTables } from "./tables.ts";

export type IdempotencyClaim = { scope: string; key: string; requestHash: string };

/**
 * Claims a key inside the append's transaction, so the key and the events commit together or not at all. A key
 * already claimed (and not expired) is a replay.
 */
export async function claimIdempotencyKey(trx: Transaction<EventStoreTables>, claim: IdempotencyClaim, at: string): Promise<void> {
  const { rows } = await sql`insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at)
    values (${claim.scope}, ${claim.key}, ${claim.requestHash}, null, null, ${at})
    on conflict (scope, key) ${reclaimExpiredKey} returning key`.execute(trx);
  if (rows.length === 0) throw new IdempotentReplay(claim.scope, claim.key);
}

/** What became of commands sent with an Idempotency-Key: their answers, and the events they appended. */
export class IdempotencyStore {
  constructor(private readonly db: Kysely<EventStoreTables>) {}

  /** What became of a key claimed within the last 24 hours; an older key is as good as never used. */
  async find(scope: string, key: string) {
    return this.db
      .selectFrom("idempotency_keys")
      .select(["request_hash", "status_code", "response", "created_at"])
      .where("scope", "=", scope)
      .where("key", "=", key)
      .where("created_at", ">=", idempotencyExpiryCutoff())
      .executeTakeFirst();
  }

  async save(scope: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({ status_code: statusCode, response: JSON.stringify(response) })
      .where("scope", "=", scope)
      .where("key", "=", key)
      .execute();
  }

  /** Deletes a batch of expired keys; answers how many went. */
  async purgeExpired(now: Date = new Date()): Promise<number> {
    const { rows } = await sql<{ n: number }>`with gone as (delete from idempotency_keys where ctid = any(array(
      select ctid from idempotency_keys where created_at < ${idempotencyExpiryCutoff(now)}::timestamptz limit ${PURGE_BATCH})) returning 1)
      select count(*)::int as n from gone`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /**
   * The events a command with this key appended, to answer a retry whose first attempt died; `since`, when the key
   * was claimed, leaves out what an earlier, expired use of the same key appended.
   */
  async appendedWith(key: string, actorId: string | null, since?: string): Promise<StoredEvent[]> {
    const { rows } = await sql<EventRow>`select ${eventColumns} from events
      where metadata->>'idempotency_key' = ${key} and metadata ? 'idempotency_key'
        and (metadata->>'actor_id') is not distinct from ${actorId}
        ${since === undefined ? sql`` : sql`and recorded_at >= ${since}::timestamptz`}
      order by events.transaction_id, events.global_position`.execute(this.db);
    return rows.map(toStoredEvent);
  }
}
