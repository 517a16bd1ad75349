import { sql, type Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import { eventColumns, toStoredEvent, type EventRow } from "./event-rows.ts";
import { ORIGIN } from "./position.ts";
import { horizonArguments } from "./readable-horizon.ts";
import type { StreamHeads } from "./stream-heads.ts";
import type { EventStoreTables } from "./tables.ts";

/** Reads the log: a stream's events, the log in order from a position, and where the log stands. */
export class LogReader {
  constructor(
    private readonly db: Kysely<EventStoreTables>,
    private readonly heads: StreamHeads,
  ) {}

  /** A stream's events in order; with `upTo`, only those at or below that version. */
  async readStream(streamId: string, upTo?: number): Promise<StoredEvent[]> {
    return (await this.readStreamRows(streamId, upTo)).map(toStoredEvent);
  }

  /** The stream's rows exactly as stored, without upcasting: what the hash chain covers. */
  async readStreamRows(streamId: string, upTo?: number): Promise<EventRow[]> {
    const { rows } = await sql<EventRow>`select ${eventColumns} from events where stream_id = ${streamId}
      ${upTo === undefined ? sql`` : sql`and stream_version <= ${upTo}`} order by stream_version`.execute(this.db);
    const head = rows.at(-1);
    if (head && upTo === undefined) this.heads.remember(streamId, head.stream_version, head.hash);
    return rows;
  }

  /**
   * Events after `after`, in log order, never at or past the readable horizon (see `readableHorizon`). Through the
   * function `events_after`, whose read is planned once per session rather than on every call.
   */
  async readAll(after: Position, limit = 500): Promise<StoredEvent[]> {
    const { rows } = await sql<EventRow>`select ${eventColumns}
      from events_after(${after.tx}::xid8, ${after.pos}::bigint, ${horizonArguments()}, ${limit}::int) as events`.execute(this.db);
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
}
