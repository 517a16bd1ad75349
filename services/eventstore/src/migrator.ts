import type { Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";

export type MigrationSet = { owner: string; migrations: Record<string, Migration> };

/**
 * Each package owns its tables and ships its migrations; one migrator runs them all, named "<owner>/<name>",
 * in the order the sets are given (the event store before the read models).
 */
export async function migrateToLatest(db: Kysely<unknown>, sets: MigrationSet[]): Promise<string[]> {
  const all: Record<string, Migration> = {};
  sets.forEach((set, i) => {
    for (const [name, migration] of Object.entries(set.migrations)) all[`${String(i).padStart(2, "0")}-${set.owner}/${name}`] = migration;
  });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
