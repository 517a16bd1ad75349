import { sql, type Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { positionOf } from "./position.ts";
import { readableHorizon } from "./readable-horizon.ts";

export type TypedPosition = { position: Position; type: string };

/**
 * The events of `types` after `from` up to and including `to`, in log order: at most `limit`, else null. Null too
 * while a transaction that could still add an event before `to` runs, since the answer would not be final.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function eventsBetween(db: Kysely<any>, from: Position, to: Position, types: readonly string[], limit: number): Promise<TypedPosition[] | null> {
  const { rows } = await sql<{ settled: boolean; events: { transaction_id: string; global_position: string; type: string }[] }>`select
      ${to.tx}::xid8 < ${readableHorizon()} as settled,
      coalesce((select json_agg(found) from (select transaction_id::text, global_position::text, type from events
        where (transaction_id, global_position) > (${from.tx}::xid8, ${from.pos}::bigint)
          and (transaction_id, global_position) <= (${to.tx}::xid8, ${to.pos}::bigint)
          and type = any(${[...types]}::text[])
        order by transaction_id, global_position limit ${limit + 1}) found), '[]'::json) as events`.execute(db);
  const row = rows[0]!;
  if (!row.settled || row.events.length > limit) return null;
  return row.events.map((event) => ({ position: positionOf(event), type: event.type }));
}
