import type { Kysely } from "kysely";
import { Migrator, type Migration } from "kysely";

/**
 * Migrations keyed by their name in the one global sequence. New names are `YYYYMMDDTHHMM-<owner>-<what>` (UTC, the
 * time the migration was written), so any package can add one at any time; the names recorded before this scheme
 * (`00-eventstore/…`, `01-projections/…`) are kept verbatim because databases already list them as run.
 */
export type MigrationSet = Record<string, Migration>;

const NAME = /^(\d{8}T\d{4}-[a-z0-9]+(-[a-z0-9]+)*|0[01]-[a-z]+\/[a-z0-9-]+)$/;

/** Every package's migrations merged into one sequence ordered by name. */
export function mergeMigrations(sets: MigrationSet[]): MigrationSet {
  const all: MigrationSet = {};
  for (const set of sets) {
    for (const [name, migration] of Object.entries(set)) {
      if (!NAME.test(name)) throw new Error(`Migration "${name}" must be named YYYYMMDDTHHMM-<owner>-<what>`);
      if (all[name]) throw new Error(`Two migrations are named "${name}"`);
      all[name] = migration;
    }
  }
  return all;
}

/**
 * Applies what has not run yet. Unordered mode is on because two branches can each add a migration and merge in
 * either order: a migration whose timestamp sorts before one a database already ran must still run there, not
 * be refused as "corrupted". Steps are forward-only and must not depend on a sibling branch's step.
 */
export async function migrateToLatest(db: Kysely<unknown>, sets: MigrationSet[]): Promise<string[]> {
  const migrations = mergeMigrations(sets);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  // A process of the previous release restarting during a rolling deploy finds migrations it does not know: when
  // everything it knows has run, it starts rather than refusing the newer database (steps are additive).
  const known = await migrator.getMigrations();
  if (known.length > 0 && known.every((m) => m.executedAt !== undefined)) return [];
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
