import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely";
import { openTestDatabase } from "@procure/infra/testing/test-services";
import { readModelMigrations } from "@procure/projections";
import { eventStoreMigrations } from "./migrations/index.ts";
import { migrateToLatest, type MigrationSet } from "./migrator.ts";

let db: Kysely<unknown>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase("migrator"));
});
afterAll(async () => close?.());

const createTable = (table: string): Migration => ({ up: async (db) => void (await sql`create table ${sql.table(table)} (id int)`.execute(db)) });
const tableExists = async (table: string) => {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
  return rows[0]?.found === table;
};

describe("migrations", () => {
  it("let an early owner add a migration to a database that has already migrated every owner", async () => {
    const first = await migrateToLatest(db, [eventStoreMigrations, readModelMigrations]);
    expect(first).toContain("00-eventstore/0001-events");
    expect(first.length).toBe(Object.keys(eventStoreMigrations).length + Object.keys(readModelMigrations).length);

    const grown = [
      { ...eventStoreMigrations, "20990101T0000-eventstore-added-later": createTable("added_by_event_store") },
      { ...readModelMigrations, "20990101T0001-projections-added-later": createTable("added_by_projections") },
    ];
    const later = await migrateToLatest(db, grown);
    expect(later).toEqual(["20990101T0000-eventstore-added-later", "20990101T0001-projections-added-later"]);
    expect(await tableExists("added_by_event_store")).toBe(true);

    // A migration merged from another branch with an earlier timestamp than one already run still runs.
    const merged = await migrateToLatest(db, [...grown, { "20980101T0000-eventstore-from-a-branch": createTable("from_a_branch") }]);
    expect(merged).toEqual(["20980101T0000-eventstore-from-a-branch"]);
    expect(await tableExists("from_a_branch")).toBe(true);

    // A process of the previous release, restarting while the new one runs, starts on the newer database.
    expect(await migrateToLatest(db, [eventStoreMigrations, readModelMigrations])).toEqual([]);
  });

  it("refuse names outside the sequence and names used twice", async () => {
    const bad: MigrationSet = { "0002-events": createTable("never") };
    await expect(migrateToLatest(db, [bad])).rejects.toThrow(/YYYYMMDDTHHMM/);
    const twice: MigrationSet = { "20990101T0000-eventstore-added-later": createTable("never") };
    await expect(migrateToLatest(db, [twice, twice])).rejects.toThrow(/Two migrations/);
  });
});
