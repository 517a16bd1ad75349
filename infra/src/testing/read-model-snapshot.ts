import { sql, type Kysely } from "kysely";
import type { Database, Projection } from "@procure/projections";

/** Every row of every projection's tables, in a stable order, for comparing a live read model with a rebuild. */
export async function snapshotReadModels(db: Kysely<Database>, projections: readonly Projection[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of [...new Set(projections.flatMap((p) => p.tables))].sort()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
  }
  return out;
}
