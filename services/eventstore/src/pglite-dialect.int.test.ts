import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { createDatabase, type Connection } from "./db.ts";

type Db = { counters: { name: string; value: number } };

/** The embedded database through our own Kysely dialect: one connection, lent to one caller at a time. */
describe("the PGlite dialect", () => {
  let connection: Connection<Db>;
  let db: Kysely<Db>;
  beforeAll(async () => {
    connection = createDatabase<Db>({ kind: "pglite", dataDir: null });
    db = connection.db;
    await sql`create table counters (name text primary key, value integer not null)`.execute(db);
  });
  afterAll(async () => {
    await connection?.close();
  });

  it("keeps transactions that run at once apart: each reads and writes with no other's statements in between", async () => {
    await db.insertInto("counters").values({ name: "shared", value: 0 }).execute();
    const bump = () =>
      db.transaction().execute(async (trx) => {
        const { value } = await trx.selectFrom("counters").select("value").where("name", "=", "shared").executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 2));
        await trx
          .updateTable("counters")
          .set({ value: value + 1 })
          .where("name", "=", "shared")
          .execute();
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    expect((await db.selectFrom("counters").select("value").where("name", "=", "shared").executeTakeFirstOrThrow()).value).toBe(20);
  });

  it("never lets a statement from outside an open transaction see what it has not committed", async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("counters").values({ name: "uncommitted", value: 1 }).execute();
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("rolled back");
      })
      .catch(() => "rolled back");
    await insertedYet;
    const seen = await db.selectFrom("counters").select("name").where("name", "=", "uncommitted").execute();
    expect(await rolledBack).toBe("rolled back");
    expect(seen).toEqual([]);
  });

  it("rolls back a transaction whose callback throws, and keeps serving afterwards", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("counters").values({ name: "never", value: 1 }).execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("counters").values({ name: "dup", value: 1 }).execute();
        await trx.insertInto("counters").values({ name: "dup", value: 2 }).execute();
      }),
    ).rejects.toThrow(/duplicate key/);
    const names = (await db.selectFrom("counters").select("name").execute()).map((r) => r.name);
    expect(names).not.toContain("never");
    expect(names).not.toContain("dup");
  });

  it("streams a query's rows, every row once, in order, across several chunks", async () => {
    await db
      .insertInto("counters")
      .values(Array.from({ length: 250 }, (_, i) => ({ name: `row-${String(i).padStart(3, "0")}`, value: i })))
      .execute();
    const values: number[] = [];
    const stream = db.selectFrom("counters").select("value").where("name", "like", "row-%").orderBy("name").stream(100);
    for await (const row of stream) values.push(row.value);
    expect(values).toEqual(Array.from({ length: 250 }, (_, i) => i));
  });
});
