import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";

export class FileTooLargeError extends Error {}

export type StoredFile = { storageKey: string; size: number; sha256: string };

/**
 * Uploaded content lives outside the event log, content-addressed by a fresh key; the event records its hash.
 * A file is written to a temporary name first so a crash never leaves a half file under a real key.
 */
export class FileStorage {
  constructor(private readonly dir: string) {}

  async save(source: Readable, maxBytes: number): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const storageKey = randomUUID();
    const tmp = join(this.dir, `${storageKey}.part`);
    const hash = createHash("sha256");
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new FileTooLargeError(`File exceeds ${maxBytes} bytes`));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tmp));
      if ((source as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError(`File exceeds ${maxBytes} bytes`);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    await rename(tmp, join(this.dir, storageKey));
    return { storageKey, size, sha256: hash.digest("hex") };
  }

  async exists(storageKey: string): Promise<boolean> {
    return stat(join(this.dir, storageKey)).then(
      () => true,
      () => false,
    );
  }

  open(storageKey: string): Readable {
    return createReadStream(join(this.dir, storageKey));
  }

  async remove(storageKey: string): Promise<void> {
    await rm(join(this.dir, storageKey), { force: true });
  }

  async write(storageKey: string, content: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, storageKey), content);
  }
}
