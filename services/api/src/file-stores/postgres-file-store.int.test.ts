import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "@procure/eventstore";
import { asUpload, fileStoreBehaviour, readAll, sha256 } from "@procure/infra/testing/file-store-behaviour";
import { openTestDatabase } from "@procure/infra/testing/test-services";
import { fileStoreMigrations } from "./migrations/index.ts";
import { CHUNK_BYTES, PostgresFileStore } from "./postgres-file-store.ts";

async function openStore(label: string) {
  const database = await openTestDatabase(label);
  await migrateToLatest(database.db as Kysely<unknown>, [fileStoreMigrations]);
  return { db: database.db, store: new PostgresFileStore(database.db), close: database.close };
}

const keptRows = async (db: Kysely<unknown>) => {
  const { rows } = await sql<{ row: string }>`select 'file ' || storage_key as row from stored_files
    union all select 'chunk ' || storage_key || ' ' || seq from stored_file_chunks`.execute(db);
  return rows.map((r) => r.row).sort();
};

describe("Postgres file store", () => {
  fileStoreBehaviour(async () => {
    const { db, store, close } = await openStore("filestore");
    return { store, kept: () => keptRows(db), close };
  });
});

describe("Postgres file store, while an upload streams in", () => {
  let subject: Awaited<ReturnType<typeof openStore>>;
  beforeAll(async () => {
    subject = await openStore("filestoreupload");
  });
  afterAll(async () => {
    await subject?.close();
  });

  it("keeps a file in chunks of 256 KiB, one row each", async () => {
    const content = randomBytes(3 * CHUNK_BYTES + 10);
    const stored = await subject.store.save(asUpload(content, 100_000), 10 * CHUNK_BYTES);
    const { rows } = await sql<{ seq: number; bytes: number }>`select seq, length(data) as bytes from stored_file_chunks
      where storage_key = ${stored.storageKey} order by seq`.execute(subject.db);
    expect(rows).toEqual([
      { seq: 0, bytes: CHUNK_BYTES },
      { seq: 1, bytes: CHUNK_BYTES },
      { seq: 2, bytes: CHUNK_BYTES },
      { seq: 3, bytes: 10 },
    ]);
    expect(sha256(await readAll(await subject.store.open(stored.storageKey)))).toBe(sha256(content));
  });

  it("never shows a half-written upload under its key, and takes away what a dead upload left", async () => {
    const source = new PassThrough();
    const saving = subject.store.save(source, 10 * CHUNK_BYTES);
    source.write(randomBytes(2 * CHUNK_BYTES + 1));
    const started = () => sql<{ storage_key: string }>`select storage_key from stored_files where not complete`.execute(subject.db);
    const writtenChunks = sql`select 1 from stored_file_chunks join stored_files using (storage_key) where not complete`;
    await expect.poll(async () => (await writtenChunks.execute(subject.db)).rows.length).toBe(2);
    const key = (await started()).rows[0]!.storage_key;
    expect(await subject.store.exists(key)).toBe(false);
    expect(await subject.store.open(key)).toBeNull();

    // Younger than the cut-off: left alone. Then as if the writer died long ago.
    await subject.store.removeAbandoned(60_000);
    expect((await started()).rows).toHaveLength(1);
    await subject.store.removeAbandoned(0);
    expect(await keptRows(subject.db as Kysely<unknown>)).toEqual(expect.not.arrayContaining([`file ${key}`]));

    source.end();
    await expect(saving).rejects.toThrow();
    expect(await subject.store.exists(key)).toBe(false);
  });
});
