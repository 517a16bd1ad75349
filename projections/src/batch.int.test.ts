import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { openTestDatabase } from "@procure/infra/testing/test-services";
import { insertRows, type ColumnTypes } from "./batch.ts";
import type { Database } from "./tables.ts";
import { databaseTraits } from "./runner/database-traits.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
let embedded = false;
beforeAll(async () => {
  const opened = await openTestDatabase("copy-rows");
  db = opened.db as Kysely<Database>;
  close = opened.close;
  embedded = !databaseTraits(db).copyFromClient;
});
afterAll(async () => close?.());

type Row = { id: string; body: string | null; amount: number; doc: string; at: string };
const types: ColumnTypes<Row> = { id: "uuid", body: "text", amount: "numeric", doc: "jsonb", at: "timestamptz" };
const rows: Row[] = [
  {
    id: "00000000-0000-4000-8000-000000000001",
    body: 'tab\tnewline\nreturn\r backslash\\ quote\' "double"',
    amount: 12.5,
    doc: '{"a":"x\\ty"}',
    at: "2026-01-02T03:04:05.678Z",
  },
  { id: "00000000-0000-4000-8000-000000000002", body: null, amount: 0, doc: "[]", at: "2026-01-02T03:04:05Z" },
  {
    id: "00000000-0000-4000-8000-000000000003",
    body: "\\N, \\., ünïcödé 漢字 😀, empty next",
    amount: -1.25,
    doc: '{"n":null}',
    at: "2026-12-31T23:59:59.999Z",
  },
  { id: "00000000-0000-4000-8000-000000000004", body: "", amount: 99999.99, doc: '"text"', at: "2026-06-01T00:00:00Z" },
];

describe("rows streamed in with COPY", () => {
  it("read back exactly as the same rows inserted from JSON, whatever characters they hold", async (ctx) => {
    if (embedded) ctx.skip(); // The embedded database takes no COPY from a client: a replay there inserts.
    for (const table of ["copied_rows", "inserted_rows"]) {
      await sql`create table ${sql.table(table)} (id uuid primary key, body text, amount numeric(14,2) not null, doc jsonb not null, at timestamptz not null)`.execute(
        db,
      );
    }
    const none = sql`on conflict do nothing`;
    await insertRows(db, "copied_rows" as never, types, rows, none, { once: true, touches: false, copy: true }, () => true);
    await insertRows(db, "inserted_rows" as never, types, rows, none);
    const read = (table: string) => sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(db).then((r) => r.rows);
    const copied = await read("copied_rows");
    expect(copied).toHaveLength(rows.length);
    expect(copied).toEqual(await read("inserted_rows"));
    expect(copied.map((row) => row.body)).toEqual(rows.map((row) => row.body));
  });

  it("fail as an insert would on a row that is already there, leaving the table as it was", async (ctx) => {
    if (embedded) ctx.skip();
    await sql`create table twice_rows (id uuid primary key, body text, amount numeric(14,2) not null, doc jsonb not null, at timestamptz not null)`.execute(db);
    await insertRows(db, "twice_rows" as never, types, rows.slice(0, 1), sql``, { once: true, touches: false, copy: true }, () => true);
    await expect(insertRows(db, "twice_rows" as never, types, rows, sql``, { once: true, touches: false, copy: true }, () => true)).rejects.toThrow(
      /duplicate key/,
    );
    const { rows: left } = await sql<{ n: string }>`select count(*)::text as n from twice_rows`.execute(db);
    expect(left[0]!.n).toBe("1");
  });
});
