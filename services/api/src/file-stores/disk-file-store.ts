import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ContentMeter, type FileStore, type StoredFile } from "./file-store.ts";

const PARTIAL = ".part";

/**
 * Files in a directory of this host (`DATA_DIR/files`): the embedded default, for one process or processes sharing
 * the directory. A file is written to a temporary name first, so a crash never leaves a half file under a real key.
 */
export class DiskFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  save(source: Readable, maxBytes: number): Promise<StoredFile> {
    return this.write(randomUUID(), source, maxBytes);
  }

  async write(storageKey: string, source: Readable, maxBytes = Infinity): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const partial = join(this.dir, `${storageKey}${PARTIAL}`);
    const meter = new ContentMeter(source, maxBytes);
    try {
      await pipeline(source, meter, createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, join(this.dir, storageKey));
    return meter.stored(storageKey);
  }

  async exists(storageKey: string): Promise<boolean> {
    return stat(join(this.dir, storageKey)).then(
      () => true,
      () => false,
    );
  }

  async open(storageKey: string): Promise<Readable | null> {
    const handle = await open(join(this.dir, storageKey)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    return handle?.createReadStream() ?? null;
  }

  async remove(storageKey: string): Promise<void> {
    await rm(join(this.dir, storageKey), { force: true });
  }

  close() {
    // Nothing of its own to let go.
  }

  /** Every key with a whole file under it. */
  async keys(): Promise<string[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    return names.filter((name) => !name.endsWith(PARTIAL)).sort();
  }
}
