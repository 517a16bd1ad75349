import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "./tables.ts";

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
 * A batch of rows as one array parameter per column (`unnest($1::uuid[], $2::text[], …) as alias (a, b, …)`):
 * a statement over thousands of rows stays a dozen parameters long, so Postgres parses and plans it as cheaply
 * as a single-row one and no batch needs slicing.
 */
export function unnestRows<R>(rows: readonly R[], types: ColumnTypes<R>, alias = "v"): RawBuilder<unknown> {
  const columns = Object.keys(types) as (keyof R & string)[];
  const arrays = columns.map((column) => sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(types[column])}[]`);
  return sql`unnest(${sql.join(arrays)}) as ${sql.raw(alias)} (${sql.join(columns.map((c) => sql.ref(c)))})`;
}

/**
 * Inserts a batch with one statement; `conflict` is the statement's `on conflict …` clause. jsonb columns take
 * JSON text.
 */
export async function insertRows<R>(
  db: Kysely<Database>,
  table: keyof Database & string,
  types: ColumnTypes<R>,
  rows: readonly R[],
  conflict: RawBuilder<unknown> = sql``,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(types).map((c) => sql.ref(c));
  await sql`insert into ${sql.table(table)} (${sql.join(columns)}) select * from ${unnestRows(rows, types)} ${conflict}`.execute(db);
}

/** `column = any($1::type[])`: one parameter for a batch's keys, however many. */
export function inArray(column: string, values: readonly string[], type = "uuid"): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} = any(${[...values]}::${sql.raw(type)}[])`;
}
