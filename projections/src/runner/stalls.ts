import { sql, type Kysely } from "kysely";
import type { Position, StoredEvent } from "@procure/contracts";
import { positionOf } from "@procure/eventstore";

/** A projection set apart because it could not apply an event: which, where, and what it threw. */
export type Stall = {
  projection: string;
  /** The event it fails on, once its runner has narrowed the failing batch down to one event; null until then. */
  position: Position | null;
  eventType: string | null;
  /** The error's class (`RangeError`, a database error with its SQLSTATE): what an operator looks up first. */
  errorClass: string;
  error: string;
  /** Attempts in a row that failed. */
  failures: number;
  since: string;
};

/** What an error is, for a stall: its class, and a database error's SQLSTATE with it. */
export function errorClassOf(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${error.constructor.name} ${code}` : error.constructor.name;
}

/** Records that `projection` failed again, on `event` when known; answers the stall as stored. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function recordStall(db: Kysely<any>, projection: string, event: StoredEvent | null, error: unknown): Promise<Stall> {
  const at = event ? positionOf(event) : null;
  const { rows } = await sql<StallRow>`insert into projection_stalls as s (projection, tx, pos, event_type, error_class, error, failures, since, updated_at)
    values (${projection}, ${at?.tx ?? null}::xid8, ${at?.pos ?? null}::bigint, ${event?.type ?? null}, ${errorClassOf(error)}, ${String(error)}, 1, now(), now())
    on conflict (projection) do update set tx = excluded.tx, pos = excluded.pos, event_type = excluded.event_type,
      error_class = excluded.error_class, error = excluded.error, failures = s.failures + 1, updated_at = now()
    returning ${stallColumns}`.execute(db);
  return toStall(rows[0]!);
}

/** The projections no longer stalled: they applied the event they failed on, or start again (a new version). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function clearStalls(db: Kysely<any>, projections: readonly string[]): Promise<void> {
  if (projections.length === 0) return;
  await sql`delete from projection_stalls where projection = any(${[...projections]}::text[])`.execute(db);
}

/** Every stalled projection, wherever it runs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function loadStalls(db: Kysely<any>): Promise<Stall[]> {
  const { rows } = await sql<StallRow>`select ${stallColumns} from projection_stalls order by projection`.execute(db);
  return rows.map(toStall);
}

type StallRow = {
  projection: string;
  tx: string | null;
  pos: string | null;
  event_type: string | null;
  error_class: string;
  error: string;
  failures: number;
  since: string;
};

const stallColumns = sql`projection, tx::text as tx, pos::text as pos, event_type, error_class, error, failures, to_json(since)#>>'{}' as since`;

const toStall = (row: StallRow): Stall => ({
  projection: row.projection,
  position: row.tx !== null && row.pos !== null ? { tx: row.tx, pos: row.pos } : null,
  eventType: row.event_type,
  errorClass: row.error_class,
  error: row.error,
  failures: row.failures,
  since: row.since,
});
