import { sql, type Kysely } from "kysely";
import type { Database } from "../tables.ts";

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
  const amount = Math.round((delta.amount ?? 0) * 100) / 100;
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
