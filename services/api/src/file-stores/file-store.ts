import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { Transform, type TransformCallback } from "node:stream";

export class FileTooLargeError extends Error {}

export type StoredFile = { storageKey: string; size: number; sha256: string };

/**
 * Where uploaded content lives, outside the event log: the event records a file's key and sha256, the store its
 * bytes. Content goes in and out as streams, so no file is ever held whole in memory. A key names content that was
 * written in full or nothing: an upload cut short or refused is never found under it.
 */
export interface FileStore {
  /** Streams an upload in under a fresh key; past `maxBytes` it fails with `FileTooLargeError` and keeps nothing. */
  save(source: Readable, maxBytes: number): Promise<StoredFile>;
  /** Streams content in under a key it already has elsewhere (files moved from one store to another). */
  write(storageKey: string, source: Readable): Promise<StoredFile>;
  exists(storageKey: string): Promise<boolean>;
  /** The content as a stream, or null when nothing is stored under the key. */
  open(storageKey: string): Promise<Readable | null>;
  /** Removes the content; a key with nothing under it is already removed. */
  remove(storageKey: string): Promise<void>;
  /** Lets go of connections the store holds of its own (the bucket's client); the database's are the runtime's. */
  close(): void;
}

/**
 * Counts and hashes content as it passes, and fails it once it passes `maxBytes` or when the multipart parser cut
 * the file short at its own limit (it then ends the stream quietly, marked `truncated`): either way before a store
 * makes the content visible under its key.
 */
export class ContentMeter extends Transform {
  // Not `size`: an S3 upload takes a body's `size` for its length.
  private bytes = 0;
  private readonly hash = createHash("sha256");

  constructor(
    private readonly source: Readable,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(this.tooLarge());
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    done((this.source as Readable & { truncated?: boolean }).truncated ? this.tooLarge() : null);
  }

  stored(storageKey: string): StoredFile {
    return { storageKey, size: this.bytes, sha256: this.hash.digest("hex") };
  }

  private tooLarge() {
    return new FileTooLargeError(`File exceeds ${this.maxBytes} bytes`);
  }
}
