import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FileTooLargeError, type FileStore } from "@procure/api";

export type FileStoreSubject = {
  store: FileStore;
  /** Everything the store keeps, whole or not (rows, objects, files): what a refused upload must not add to. */
  kept: () => Promise<string[]>;
  close: () => Promise<void>;
};

const MiB = 1024 * 1024;
export const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

/** Content as an upload arrives: in pieces of a network read's size, not in one buffer. */
export const asUpload = (content: Buffer, pieceBytes = 64 * 1024) =>
  Readable.from(Array.from({ length: Math.ceil(content.length / pieceBytes) }, (_, i) => content.subarray(i * pieceBytes, (i + 1) * pieceBytes)));

export async function readAll(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("nothing stored under the key");
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** What every file store promises its callers, run against a real one. */
export function fileStoreBehaviour(open: () => Promise<FileStoreSubject>) {
  let subject: FileStoreSubject;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it("streams a file of several MiB in and out whole, with its size and sha256", async () => {
    const content = randomBytes(6 * MiB + 12_345);
    const stored = await subject.store.save(asUpload(content), 8 * MiB);
    expect(stored).toEqual({ storageKey: expect.any(String), size: content.length, sha256: sha256(content) });
    expect(await subject.store.exists(stored.storageKey)).toBe(true);
    const read = await readAll(await subject.store.open(stored.storageKey));
    expect(read.length).toBe(content.length);
    expect(sha256(read)).toBe(stored.sha256);
  });

  it("refuses an upload past the limit and keeps nothing of it", async () => {
    const before = await subject.kept();
    const refused = subject.store.save(asUpload(randomBytes(12 * MiB)), 11 * MiB);
    await expect(refused).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await subject.kept()).toEqual(before);
  });

  it("refuses an upload the multipart parser cut short at its limit, and keeps nothing of it", async () => {
    const before = await subject.kept();
    const cut = Object.assign(asUpload(randomBytes(MiB)), { truncated: true });
    await expect(subject.store.save(cut, 2 * MiB)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await subject.kept()).toEqual(before);
  });

  it("answers a key with nothing under it as not found", async () => {
    expect(await subject.store.exists("00000000-0000-4000-8000-000000000000")).toBe(false);
    expect(await subject.store.open("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("removes a file, after which it is not found, and removing it again is no error", async () => {
    const stored = await subject.store.save(asUpload(Buffer.from("a quote")), MiB);
    expect(await readAll(await subject.store.open(stored.storageKey))).toEqual(Buffer.from("a quote"));
    await subject.store.remove(stored.storageKey);
    expect(await subject.store.exists(stored.storageKey)).toBe(false);
    expect(await subject.store.open(stored.storageKey)).toBeNull();
    await subject.store.remove(stored.storageKey);
    expect(await subject.kept()).not.toContain(stored.storageKey);
  });

  it("writes content under a key it already has, as a move between stores does", async () => {
    const key = "3f1e5b3a-9c2d-4e8f-a1b2-c3d4e5f6a7b8";
    const content = randomBytes(MiB + 1);
    expect(await subject.store.write(key, asUpload(content))).toEqual({ storageKey: key, size: content.length, sha256: sha256(content) });
    expect(sha256(await readAll(await subject.store.open(key)))).toBe(sha256(content));
  });
}
