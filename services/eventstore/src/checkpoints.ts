import { sql, type Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { ORIGIN } from "./position.ts";
/** Checkpoints are written inside callers' transactions over databases that include more tables than ours. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export type Checkpoint = { name: string; version: number; position: Position };

export async function loadCheckpoint(db: AnyDb, name: string): Promise<Checkpoint | null> {
  const { rows } = await sql<{ version: number; tx: string; pos: string }>`select version, tx::text as tx, pos::text as pos
    from checkpoints where name = ${name}`.execute(db);
  const row = rows[0];
  return row ? { name, version: row.version, position: { tx: row.tx, pos: row.pos } } : null;
}

export async function loadCheckpoints(db: AnyDb): Promise<Checkpoint[]> {
  const { rows } = await sql<{ name: string; version: number; tx: string; pos: string }>`select name, version,
    tx::text as tx, pos::text as pos from checkpoints order by name`.execute(db);
  return rows.map((r) => ({ name: r.name, version: r.version, position: { tx: r.tx, pos: r.pos } }));
}

/** Upserts a reader's position; runs inside the caller's transaction when given one. */
export async function saveCheckpoint(
  db: AnyDb,
  name: string,
  position: Position,
  version = 0,
): Promise<void> {
  await sql`insert into checkpoints (name, version, tx, pos, updated_at)
    values (${name}, ${version}, ${position.tx}::xid8, ${position.pos}::bigint, now())
    on conflict (name) do update set version = excluded.version, tx = excluded.tx, pos = excluded.pos,
      updated_at = excluded.updated_at`.execute(db);
}

export async function resetCheckpoint(db: AnyDb, name: string, version: number): Promise<void> {
  await saveCheckpoint(db, name, ORIGIN, version);
}
