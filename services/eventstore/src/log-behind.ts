import { sql, type Kysely } from "kysely";
import type { Position } from "@procure/contracts";

/** Counting stops here: a reader this far behind is stuck, and an exact figure would cost a scan of the log. */
const COUNT_CAP = 100_000;

export type Behind = { events: number; seconds: number };

/**
 * How far a reader of the log at `position` is behind the head: the events after it (at most 100,000) and how long
 * ago the oldest of them was recorded, which says more than a count when appends come in bursts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function logBehind(db: Kysely<any>, position: Position): Promise<Behind> {
  const { rows } = await sql<{ n: string; seconds: string | null }>`select count(*)::text as n,
      extract(epoch from now() - min(recorded_at))::text as seconds
    from (select recorded_at from events where (transaction_id, global_position) > (${position.tx}::xid8, ${position.pos}::bigint)
      order by transaction_id, global_position limit ${COUNT_CAP}) behind`.execute(db);
  const row = rows[0];
  return { events: Number(row?.n ?? 0), seconds: row?.seconds ? Math.max(0, Number(row.seconds)) : 0 };
}
