import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { openTestDatabase } from "@procure/infra/testing/test-services";

let db: Kysely<unknown>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase("prepared"));
});
afterAll(async () => close?.());

const read = (id: number) => sql<Record<string, unknown>>`select * from prepared_rows where id = ${id}`.execute(db).then((r) => r.rows[0]);

describe("statements a connection keeps prepared", () => {
  it("give the same answers as plain ones, and the new shape once a table's columns change under them", async () => {
    await sql`create table prepared_rows (id int primary key, name text)`.execute(db);
    await sql`insert into prepared_rows values (1, 'one'), (2, 'two')`.execute(db);
    // Run each statement more often than the pool has connections, so every connection prepares it.
    for (let i = 0; i < 30; i++) expect(await read((i % 2) + 1)).toEqual({ id: (i % 2) + 1, name: i % 2 ? "two" : "one" });
    await sql`alter table prepared_rows add column note text default 'added'`.execute(db);
    for (let i = 0; i < 30; i++) expect(await read(1)).toEqual({ id: 1, name: "one", note: "added" });
  });
});
