import { CompiledQuery, sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "./tables.ts";
import type { ApplyContext } from "./projection.ts";

/** Postgres takes at most 65,535 parameters per statement: multi-row writes go in slices that stay below it. */
export async function inSlices<T>(rows: readonly T[], write: (slice: T[]) => Promise<unknown>, size = 1_000): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** The distinct values of `key` over a batch, in first-seen order. */
export function distinct<T>(items: readonly T[], key: (item: T) => string): string[] {
  return [...new Set(items.map(key))];
}

/** Each column's Postgres type, in the order the rows are written. */
export type ColumnTypes<R> = { [K in keyof R & string]: string };

/**
 * A batch of rows as one JSON parameter (`(select … from json_to_recordset($1) as r (a uuid, b text, …)) as alias`):
 * a statement over thousands of rows stays one parameter long, so Postgres parses and plans it as cheaply as a
 * single-row one and no batch needs slicing, and the rows are serialized by JSON.stringify rather than escaped
 * value by value into array literals. jsonb columns take JSON text, read as text and cast.
 */
export function unnestRows<R>(rows: readonly R[], types: ColumnTypes<R>, alias = "v"): RawBuilder<unknown> {
  const columns = Object.keys(types) as (keyof R & string)[];
  const record = columns.map((column) => sql`${sql.ref(column)} ${sql.raw(types[column] === "jsonb" ? "text" : types[column])}`);
  const selected = columns.map((column) => (types[column] === "jsonb" ? sql`${sql.ref(column)}::jsonb as ${sql.ref(column)}` : sql.ref(column)));
  return sql`(select ${sql.join(selected)} from json_to_recordset(${JSON.stringify(rows)}::json) as r (${sql.join(record)})) as ${sql.raw(alias)}`;
}

/**
 * Runs a write now, or, within a runner's batch, hands it over to go with the batch's other writes in one statement.
 * Only for a projection's last writes to `table`: it reads nothing of its own writes afterwards.
 */
export async function write(db: Kysely<Database>, table: string, statement: RawBuilder<unknown>, context?: ApplyContext): Promise<void> {
  if (context?.later) await context.later(table, statement);
  else await statement.execute(db);
}

/**
 * Inserts a batch with one statement; `conflict` is the statement's `on conflict …` clause. jsonb columns take
 * JSON text. With a runner's context, the statement goes with the batch's other writes (see `write`). `isNew` picks
 * the rows that cannot be in the table yet (their keys were looked up, or their streams start in the batch): in a
 * replay into emptied tables (`context.copy`) those are streamed in with COPY first, and only the rest upserted.
 */
export async function insertRows<R>(
  db: Kysely<Database>,
  table: keyof Database & string,
  types: ColumnTypes<R>,
  rows: readonly R[],
  conflict: RawBuilder<unknown> = sql``,
  context?: ApplyContext,
  isNew?: (row: R) => boolean,
): Promise<void> {
  if (context?.copy && isNew) {
    const fresh: R[] = [];
    const known: R[] = [];
    for (const row of rows) (isNew(row) ? fresh : known).push(row);
    if (fresh.length > 0) await copyRows(db, table, types, fresh);
    rows = known;
  }
  if (rows.length === 0) return;
  const columns = Object.keys(types).map((c) => sql.ref(c));
  await write(db, table, sql`insert into ${sql.table(table)} (${sql.join(columns)}) select * from ${unnestRows(rows, types)} ${conflict}`, context);
}

const COPY_SPECIAL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A value in COPY's text format: `\N` for null, and the format's four special characters escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const text =
    typeof value === "string" ? value : value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c]!);
}

/** Rows in COPY's text format, columns in the order of `types`. */
export function copyTextOf<R>(rows: readonly R[], types: ColumnTypes<R>): string {
  const columns = Object.keys(types) as (keyof R & string)[];
  let text = "";
  for (const row of rows) {
    let line = copyText(row[columns[0]!]);
    for (let i = 1; i < columns.length; i++) line += "\t" + copyText(row[columns[i]!]);
    text += line + "\n";
  }
  return text;
}

/** Streams rows into the table with COPY (Postgres only), in one round trip and without a JSON parse. */
async function copyRows<R>(db: Kysely<Database>, table: string, types: ColumnTypes<R>, rows: readonly R[]): Promise<void> {
  const columns = Object.keys(types).map((column) => sql.ref(column));
  const statement = sql`copy ${sql.table(table)} (${sql.join(columns)}) from stdin`.compile(db);
  // The connection sends the statement's one parameter as the COPY's data (see PreparingClient).
  await db.executeQuery(CompiledQuery.raw(statement.sql, [copyTextOf(rows, types)]));
}

/** `column = any($1::type[])`: one parameter for a batch's keys, however many. */
export function inArray(column: string, values: readonly string[], type = "uuid"): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} = any(${[...values]}::${sql.raw(type)}[])`;
}

/**
 * The keys whose rows a batch must load: every key it touches when the batch might have been applied before (it
 * must then change nothing), only those of streams that started earlier when the runner hands it over once.
 */
export function keysToLoad<T extends { stream_version: number }>(items: readonly T[], key: (item: T) => string, context?: ApplyContext): string[] {
  return context?.once ? seenBefore(items, key) : distinct(items, key);
}

/**
 * The distinct keys of a batch whose rows may already exist: those whose first event here is not their stream's
 * first. A stream that starts in this batch has no row yet (the runner never hands a projection an event twice),
 * so a batch of new requests loads nothing. Only for projections whose writes stay idempotent without the load
 * (upserts guarded by version, inserts that do nothing on conflict): a replayed batch must change nothing.
 */
export function seenBefore<T extends { stream_version: number }>(items: readonly T[], key: (item: T) => string): string[] {
  const first = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (!first.has(k)) first.set(k, item.stream_version);
  }
  return [...first].filter(([, version]) => version > 1).map(([k]) => k);
}
