import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { DiskFileStore, FileStore } from "@procure/api/setup";

export type MoveReport = { moved: string[]; alreadyThere: string[]; failed: { storageKey: string; reason: string }[] };

async function sha256Of(content: Readable | null): Promise<string | null> {
  if (!content) return null;
  const hash = createHash("sha256");
  for await (const piece of content) hash.update(piece as Buffer);
  return hash.digest("hex");
}

/**
 * Copies every file kept under DATA_DIR/files into another store under the same key (events and read models name a
 * file by its key), and counts it moved only once the store serves content with the file's sha256. Run again, it
 * skips what the store already holds with that content, so a run cut short is finished by the next. Content of its
 * own under a key is left alone and reported. With `removeMoved`, each file leaves the disk once the store has it.
 */
export async function moveFiles(from: DiskFileStore, to: FileStore, { removeMoved = false } = {}): Promise<MoveReport> {
  const report: MoveReport = { moved: [], alreadyThere: [], failed: [] };
  for (const storageKey of await from.keys()) {
    try {
      const expected = await sha256Of(await from.open(storageKey));
      if (await to.exists(storageKey)) {
        if ((await sha256Of(await to.open(storageKey))) !== expected) {
          report.failed.push({ storageKey, reason: "the store holds other content under this key; left as it is" });
          continue;
        }
        report.alreadyThere.push(storageKey);
      } else {
        await to.write(storageKey, (await from.open(storageKey))!);
        if ((await sha256Of(await to.open(storageKey))) !== expected) {
          await to.remove(storageKey);
          report.failed.push({ storageKey, reason: "the store served other content than was written; removed from the store" });
          continue;
        }
        report.moved.push(storageKey);
      }
      if (removeMoved) await from.remove(storageKey);
    } catch (error) {
      report.failed.push({ storageKey, reason: String(error) });
    }
  }
  return report;
}
