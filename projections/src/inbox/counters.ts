import { sql, type Kysely } from "kysely";
import type { Database } from "../tables.ts";
import type { ApplyContext } from "../projection.ts";
import { write } from "../batch.ts";

/** Adds `delta` to a named counter; counters live in one table so the inbox reads a handful of rows. */
export async function bump(db: Kysely<Database>, name: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await sql`insert into rm_counters (name, value) values (${name}, ${delta})
    on conflict (name) do update set value = rm_counters.value + excluded.value`.execute(db);
}

/** Counter changes summed over a batch, written in one statement. */
export class CounterDeltas {
  private readonly deltas = new Map<string, number>();

  add(name: string, delta: number) {
    this.deltas.set(name, (this.deltas.get(name) ?? 0) + delta);
  }

  async flush(db: Kysely<Database>, context?: ApplyContext): Promise<void> {
    const rows = [...this.deltas].filter(([, delta]) => delta !== 0);
    if (rows.length === 0) return;
    const statement = sql`insert into rm_counters (name, value)
      select * from unnest(${rows.map(([name]) => name)}::text[], ${rows.map(([, delta]) => delta)}::bigint[])
      on conflict (name) do update set value = rm_counters.value + excluded.value`;
    await write(db, "rm_counters", statement, context);
  }
}

export async function readCounters(db: Kysely<Database>, names: string[]): Promise<Record<string, number>> {
  if (names.length === 0) return {};
  const rows = await db.selectFrom("rm_counters").select(["name", "value"]).where("name", "in", names).execute();
  const out: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  for (const row of rows) out[row.name] = Number(row.value);
  return out;
}

export const counterNames = {
  pendingRequests: "requests:pending",
  pendingFor: (userId: string) => `requests:pending:user:${userId}`,
  /** Pending requests waiting on a stage of this role; "unrouted" for those any decider may take. */
  pendingAtStage: (role: string | null) => `requests:pending:stage:${role ?? "unrouted"}`,
  openOrders: "orders:open",
};
