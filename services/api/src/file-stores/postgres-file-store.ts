import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql, type Kysely } from "kysely";
import { ContentMeter, type FileStore, type StoredFile } from "./file-store.ts";

/** A chunk's size: one row per 256 KiB, so a file streams in and out a row at a time. */
export const CHUNK_BYTES = 256 * 1024;

type Database = Pick<Kysely<unknown>, "getExecutor">;

/**
 * Files in Postgres (`stored_files`, `stored_file_chunks`), so every API process serves every file with nothing
 * shared but the database. Each chunk is inserted on its own as the upload streams in, and the file's row is marked
 * complete in a last statement: only a complete row is ever found under its key. Not one transaction for the whole
 * upload: that would hold a pooled connection for as long as the client takes to send, and, having written, hold
 * back every reader of the event log (they never read past the oldest running writer) until the upload ends.
 * A process that dies mid-upload leaves an incomplete row, never found, that `removeAbandoned` takes away later.
 */
export class PostgresFileStore implements FileStore {
  constructor(private readonly db: Database) {}

  save(source: Readable, maxBytes: number): Promise<StoredFile> {
    return this.write(randomUUID(), source, maxBytes);
  }

  async write(storageKey: string, source: Readable, maxBytes = Infinity): Promise<StoredFile> {
    // What a dead writer left under this key (a move cut short) goes first; a complete file stays, and the insert fails.
    await sql`delete from stored_files where storage_key = ${storageKey} and not complete`.execute(this.db);
    await sql`insert into stored_files (storage_key) values (${storageKey})`.execute(this.db);
    const meter = new ContentMeter(source, maxBytes);
    let chunks = 0;
    try {
      await pipeline(source, meter, async (content: AsyncIterable<Buffer>) => {
        for await (const data of inChunks(content, CHUNK_BYTES)) {
          await sql`insert into stored_file_chunks (storage_key, seq, data) values (${storageKey}, ${chunks}, ${data})`.execute(this.db);
          chunks += 1;
        }
      });
    } catch (error) {
      await this.remove(storageKey);
      throw error;
    }
    const stored = meter.stored(storageKey);
    const { rows } = await sql`update stored_files set complete = true, size = ${stored.size}, sha256 = ${stored.sha256}, chunks = ${chunks}
      where storage_key = ${storageKey} and not complete returning storage_key`.execute(this.db);
    if (rows.length === 0) throw new Error(`The upload under ${storageKey} was removed before it completed`);
    return stored;
  }

  async exists(storageKey: string): Promise<boolean> {
    return (await this.chunkCount(storageKey)) !== null;
  }

  async open(storageKey: string): Promise<Readable | null> {
    const chunks = await this.chunkCount(storageKey);
    if (chunks === null) return null;
    const db = this.db;
    return Readable.from(
      (async function* () {
        for (let seq = 0; seq < chunks; seq++) {
          const { rows } = await sql<{ data: Uint8Array }>`select data from stored_file_chunks
            where storage_key = ${storageKey} and seq = ${seq}`.execute(db);
          if (!rows[0]) throw new Error(`Chunk ${seq} of ${storageKey} is missing: the file was removed while it was read`);
          yield Buffer.from(rows[0].data.buffer, rows[0].data.byteOffset, rows[0].data.byteLength);
        }
      })(),
    );
  }

  async remove(storageKey: string): Promise<void> {
    await sql`delete from stored_files where storage_key = ${storageKey}`.execute(this.db);
  }

  close() {
    // Nothing of its own to let go.
  }

  /** Removes uploads started more than `olderThanMs` ago and never completed: what processes that died mid-upload left. */
  async removeAbandoned(olderThanMs: number): Promise<void> {
    await sql`delete from stored_files where not complete and started_at < now() - make_interval(secs => ${olderThanMs / 1000})`.execute(this.db);
  }

  private async chunkCount(storageKey: string): Promise<number | null> {
    const { rows } = await sql<{ chunks: number }>`select chunks from stored_files where storage_key = ${storageKey} and complete`.execute(this.db);
    return rows[0]?.chunks ?? null;
  }
}

/** The content again as chunks of `size` bytes (the last one shorter), holding at most about two chunks at once. */
async function* inChunks(content: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of content) {
    pending.push(piece);
    pendingBytes += piece.length;
    if (pendingBytes < size) continue;
    let joined = Buffer.concat(pending, pendingBytes);
    while (joined.length >= size) {
      yield joined.subarray(0, size);
      joined = joined.subarray(size);
    }
    pending = [joined];
    pendingBytes = joined.length;
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
