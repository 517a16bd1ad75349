import { sql, type Kysely } from "kysely";
import { toCents } from "@procure/contracts";
import type { Database } from "../tables.ts";
import type { ApplyContext } from "../projection.ts";
import { write } from "../batch.ts";

type TallyTable = "rm_vendor_counts" | "rm_po_group_totals" | "rm_dash_request_totals" | "rm_dash_category_spend";

/**
 * Adds to the count and amount kept under `key`, creating the row on first use. `labels` fill text columns that
 * are still empty (a category's name, say) and never overwrite one already known.
 */
export async function tally(
  db: Kysely<Database>,
  table: TallyTable,
  key: Record<string, string>,
  delta: { count: number; amount?: number },
  labels: Record<string, string | null> = {},
): Promise<void> {
  const amount = toCents(delta.amount ?? 0);
  if (delta.count === 0 && amount === 0) return;
  const t = sql.table(table);
  const keyCols = Object.keys(key);
  const labelCols = Object.keys(labels);
  const cols = [...keyCols, ...labelCols, "count", "amount"].map((c) => sql.ref(c));
  const values = [...keyCols.map((c) => key[c]), ...labelCols.map((c) => labels[c]), delta.count, amount];
  const keep = labelCols.map((c) => sql`${sql.ref(c)} = coalesce(${t}.${sql.ref(c)}, excluded.${sql.ref(c)})`);
  await sql`insert into ${t} (${sql.join(cols)}) values (${sql.join(values)})
    on conflict (${sql.join(keyCols.map((c) => sql.ref(c)))}) do update set
      ${sql.join([sql`count = ${t}.count + excluded.count`, sql`amount = ${t}.amount + excluded.amount`, ...keep])}`.execute(db);
}

/** The request-figure scopes an event touches: the whole workspace and the requester's own view. */
export const workspaceScope = "workspace";
export const ownScope = (requesterId: string) => `user:${requesterId}`;
export const scopesOf = (requesterId: string) => [workspaceScope, ownScope(requesterId)];

/**
 * Tally changes summed over a batch, per table and key, written with one multi-row upsert per table. Labels keep
 * the first value seen, as `tally` does.
 */
export class TallyDeltas {
  private readonly pending = new Map<
    string,
    { table: TallyTable; key: Record<string, string>; count: number; amount: number; labels: Record<string, string | null> }
  >();

  add(table: TallyTable, key: Record<string, string>, delta: { count: number; amount?: number }, labels: Record<string, string | null> = {}) {
    let id: string = table;
    for (const column in key) id += `\u0000${column}\u0000${key[column]}`;
    const entry = this.pending.get(id) ?? { table, key, count: 0, amount: 0, labels: {} };
    entry.count += delta.count;
    entry.amount = toCents(entry.amount + (delta.amount ?? 0));
    for (const [column, value] of Object.entries(labels)) entry.labels[column] ??= value;
    this.pending.set(id, entry);
  }

  async flush(db: Kysely<Database>, context?: ApplyContext): Promise<void> {
    type Entry = typeof this.pending extends Map<string, infer V> ? V : never;
    const byShape = new Map<string, Entry[]>();
    for (const entry of this.pending.values()) {
      if (entry.count === 0 && entry.amount === 0) continue;
      const shape = `${entry.table}|${Object.keys(entry.key).join(",")}|${Object.keys(entry.labels).join(",")}`;
      const same = byShape.get(shape);
      if (same) same.push(entry);
      else byShape.set(shape, [entry]);
    }
    for (const entries of byShape.values()) {
      const first = entries[0]!;
      const t = sql.table(first.table);
      const keyCols = Object.keys(first.key);
      const labelCols = Object.keys(first.labels);
      const cols = [...keyCols, ...labelCols, "count", "amount"].map((c) => sql.ref(c));
      const keep = labelCols.map((c) => sql`${sql.ref(c)} = coalesce(${t}.${sql.ref(c)}, excluded.${sql.ref(c)})`);
      // Every key and label column is text: one array per column keeps the statement short at any batch size.
      const arrays = [
        ...keyCols.map((c) => sql`${entries.map((e) => e.key[c])}::text[]`),
        ...labelCols.map((c) => sql`${entries.map((e) => e.labels[c] ?? null)}::text[]`),
        sql`${entries.map((e) => e.count)}::int[]`,
        sql`${entries.map((e) => e.amount)}::numeric[]`,
      ];
      const statement = sql`insert into ${t} (${sql.join(cols)}) select * from unnest(${sql.join(arrays)})
        on conflict (${sql.join(keyCols.map((c) => sql.ref(c)))}) do update set
          ${sql.join([sql`count = ${t}.count + excluded.count`, sql`amount = ${t}.amount + excluded.amount`, ...keep])}`;
      await write(db, first.table, statement, context);
    }
    this.pending.clear();
  }
}
