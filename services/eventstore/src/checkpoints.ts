import { sql, type Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { ORIGIN } from "./position.ts";
import { quietTransactions, type QuietTransaction } from "./quiet-transactions.ts";
/** Checkpoints are written inside callers' transactions over databases that include more tables than ours. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export type Checkpoint = { name: string; version: number; position: Position };

export type LeaseOptions = {
  /** The caller's transaction appends no event: log readers stop waiting for it until `quietTransactions.end`. */
  quiet?: QuietTransaction;
  /**
   * The transaction's commit returns before its WAL reaches the disk. For what can be derived again: a crash of
   * the server loses the last such commits whole, rows and checkpoint together, and they are applied again.
   */
  asyncCommit?: boolean;
};

/** A column that turns synchronous commit off for the rest of the transaction, when asked. */
const asyncCommit = (options: LeaseOptions) => (options.asyncCommit ? sql`set_config('synchronous_commit', 'off', true) as relaxed` : sql`null as relaxed`);

/** A column that marks a quiet transaction for the rest of its life: the events table then refuses its inserts. */
const quietMark = (options: LeaseOptions) => (options.quiet ? sql`set_config('procure.quiet_transaction', 'on', true) as quiet` : sql`null as quiet`);

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
export async function saveCheckpoint(db: AnyDb, name: string, position: Position, version = 0): Promise<void> {
  await sql`insert into checkpoints (name, version, tx, pos, updated_at)
    values (${name}, ${version}, ${position.tx}::xid8, ${position.pos}::bigint, now())
    on conflict (name) do update set version = excluded.version, tx = excluded.tx, pos = excluded.pos,
      updated_at = excluded.updated_at`.execute(db);
}

/** Moves many readers to one position in one statement (a projection batch saves all its projections' at once). */
export async function saveCheckpoints(db: AnyDb, entries: readonly { name: string; version: number }[], position: Position): Promise<void> {
  if (entries.length === 0) return;
  const rows = sql.join(entries.map((e) => sql`(${e.name}, ${e.version}::int, ${position.tx}::xid8, ${position.pos}::bigint, now())`));
  await sql`insert into checkpoints (name, version, tx, pos, updated_at) values ${rows}
    on conflict (name) do update set version = excluded.version, tx = excluded.tx, pos = excluded.pos,
      updated_at = excluded.updated_at`.execute(db);
}

export async function resetCheckpoint(db: AnyDb, name: string, version: number): Promise<void> {
  await saveCheckpoint(db, name, ORIGIN, version);
}

/**
 * Takes the row locks of the named checkpoints (creating missing rows at the origin) until the caller's
 * transaction ends, and answers what they hold. This is the lease: a second reader of the same checkpoints waits
 * for the first one's batch to commit and then sees where it left off, so two copies of a reader never apply or
 * publish a batch twice nor move a checkpoint backwards. Locks are taken in name order, before any other write of
 * the transaction, so two lock holders never deadlock.
 */
export async function lockCheckpoints(trx: AnyDb, names: readonly string[], options: LeaseOptions = {}): Promise<Map<string, Checkpoint>> {
  if (names.length === 0) return new Map();
  const sorted = [...names].sort();
  const lock = () =>
    sql<{ name: string; version: number; tx: string; pos: string; xid: string }>`select name, version,
      tx::text as tx, pos::text as pos, pg_current_xact_id()::text as xid, ${asyncCommit(options)}, ${quietMark(options)}
      from checkpoints where name = any(${sorted}::text[]) order by name for update`.execute(trx);
  let { rows } = await lock();
  // Only a reader's first batch finds rows missing; every later one takes its locks in this single statement.
  if (rows.length < sorted.length) {
    await sql`insert into checkpoints (name, version, tx, pos, updated_at)
      select name, 0, '0'::xid8, 0, now() from unnest(${sorted}::text[]) as name
      on conflict (name) do nothing`.execute(trx);
    ({ rows } = await lock());
  }
  if (options.quiet && rows[0]) quietTransactions.add(options.quiet, rows[0].xid);
  return new Map(rows.map((r) => [r.name, { name: r.name, version: r.version, position: { tx: r.tx, pos: r.pos } }]));
}

/**
 * Moves each named checkpoint that is still at `from` (with its version) to `to`, in one statement, for a batch in
 * which none of their readers had anything to do. The update's row locks are the same lease `lockCheckpoints`
 * takes, held for one statement; a checkpoint another copy or a rebuild moved meanwhile stays where it is. Says
 * whether every one of them moved.
 */
export async function advanceCheckpoints(db: AnyDb, entries: readonly { name: string; version: number }[], from: Position, to: Position): Promise<boolean> {
  if (entries.length === 0) return true;
  const claims = entries.map((entry) => ({ ...entry, from }));
  return (await moveCheckpoints(db, claims, to)).moved;
}

/** A checkpoint a batch moves: its name and version, and where its holder last stored it. */
export type CheckpointClaim = { name: string; version: number; from: Position };

/**
 * The lease and the move of a batch in one statement: locks the named checkpoints in name order (as
 * `lockCheckpoints` does) and moves each that is still at its `from` with its version to `to`, inside the caller's
 * transaction, which then applies the batch. Says whether every one of them moved; when not, the caller rolls back
 * and takes the locks the long way.
 */
export async function claimCheckpoints(trx: AnyDb, entries: readonly CheckpointClaim[], to: Position, options: LeaseOptions = {}): Promise<boolean> {
  if (entries.length === 0) return true;
  const { moved, xid } = await moveCheckpoints(trx, entries, to, options);
  if (options.quiet) quietTransactions.add(options.quiet, xid);
  return moved;
}

/** Locks the named checkpoints in name order, as every lease holder does, then moves those still at their `from`. */
async function moveCheckpoints(db: AnyDb, entries: readonly CheckpointClaim[], to: Position, options: LeaseOptions = {}) {
  const { rows } = await sql<{ moved: number; xid: string }>`with
      expected as (select * from unnest(${entries.map((e) => e.name)}::text[], ${entries.map((e) => e.version)}::int[],
        ${entries.map((e) => e.from.tx)}::xid8[], ${entries.map((e) => e.from.pos)}::bigint[]) as e (name, version, tx, pos)),
      locked as (select c.name from checkpoints c where c.name in (select name from expected) order by c.name for update),
      moved as (
        update checkpoints c set tx = ${to.tx}::xid8, pos = ${to.pos}::bigint, updated_at = now()
        from expected, locked
        where c.name = expected.name and c.name = locked.name and c.version = expected.version
          and c.tx = expected.tx and c.pos = expected.pos
        returning 1
      )
    select (select count(*)::int from moved) as moved, pg_current_xact_id()::text as xid, ${asyncCommit(options)}, ${quietMark(options)}`.execute(db);
  const row = rows[0]!;
  return { moved: row.moved === entries.length, xid: row.xid };
}
