import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { ListSort } from "@procure/contracts";

/** A column a list sorts by: the SQL it orders on (an index covers it with id), and the type a cursor's value is read as. */
export type SortColumn = { expr: RawBuilder<unknown>; type: "text" | "numeric" | "timestamptz" };

/** Where the next page starts: the sort value and id of the last row sent, as the database printed them. */
export type Keyset = { value: string; id: string };
export type Page<T> = { items: T[]; next: Keyset | null };

const castTo = { text: sql`text`, numeric: sql`numeric`, timestamptz: sql`timestamptz` };

/**
 * One page of a list in the order `sort` asks for, ties broken by id in the same direction, resuming after `after`.
 * The row-value comparison matches the index on (column, id), so a page costs the same at any depth. The cursor's
 * value is the database's own text of the column, so no rounding in between can skip or repeat a row.
 */
export async function keysetPage<F extends string, Row extends { id: string }, T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's query, narrowed by `Row`
  query: SelectQueryBuilder<any, any, Row>,
  columns: Record<F, SortColumn>,
  sort: ListSort<F>,
  page: { limit: number; after?: Keyset | undefined },
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const column = columns[sort.field];
  const direction = sort.direction;
  let sorted = query.select(sql<string>`(${column.expr})::text`.as("sort_value"));
  if (page.after) {
    const comparison = direction === "asc" ? sql`>` : sql`<`;
    sorted = sorted.where(sql<boolean>`(${column.expr}, id) ${comparison} (${page.after.value}::${castTo[column.type]}, ${page.after.id}::uuid)`);
  }
  const rows = (await sorted.orderBy(column.expr, direction).orderBy("id", direction).limit(page.limit).execute()) as (Row & { sort_value: string })[];
  const last = rows.at(-1);
  return {
    items: rows.map(({ sort_value: _value, ...row }) => toItem(row as unknown as Row)),
    next: rows.length === page.limit && last ? { value: last.sort_value, id: last.id } : null,
  };
}
