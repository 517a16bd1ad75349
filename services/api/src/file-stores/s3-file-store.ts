import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import type * as LibStorage from "@aws-sdk/lib-storage";
import { ContentMeter, type FileStore, type StoredFile } from "./file-store.ts";

export type S3Settings = {
  bucket: string;
  endpoint: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (its environment variables, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * Files in an S3-compatible bucket, one object per key. An upload streams through `Upload` in parts of a few MiB
 * (a single PUT when smaller); the object appears only when the PUT or the multipart upload completes, so a refused
 * or broken upload is never found under its key (`Upload` aborts a multipart upload that fails; a bucket lifecycle
 * rule should abort those a dead process left).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3.S3Client;
  private readonly bucket: string;

  /** The AWS SDK loads only when a bucket is configured: it costs a process about 24 MB and half a second. */
  static async open(settings: S3Settings): Promise<S3FileStore> {
    const [s3, storage] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
    return new S3FileStore(settings, s3, storage);
  }

  private constructor(
    settings: S3Settings,
    private readonly s3: typeof S3,
    private readonly storage: typeof LibStorage,
  ) {
    this.bucket = settings.bucket;
    this.client = new s3.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default trailing checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  save(source: Readable, maxBytes: number): Promise<StoredFile> {
    return this.write(randomUUID(), source, maxBytes);
  }

  async write(storageKey: string, source: Readable, maxBytes = Infinity): Promise<StoredFile> {
    const meter = new ContentMeter(source, maxBytes);
    source.on("error", (error) => meter.destroy(error));
    let failure: unknown = null;
    meter.on("error", (error) => (failure ??= error));
    // Two parts in flight at most: an upload holds about 10 MiB, not the whole file.
    const upload = new this.storage.Upload({ client: this.client, params: { Bucket: this.bucket, Key: storageKey, Body: source.pipe(meter) }, queueSize: 2 });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      meter.destroy();
      throw failure ?? error;
    }
    return meter.stored(storageKey);
  }

  async exists(storageKey: string): Promise<boolean> {
    return this.client.send(new this.s3.HeadObjectCommand({ Bucket: this.bucket, Key: storageKey })).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
  }

  async open(storageKey: string): Promise<Readable | null> {
    try {
      const { Body } = await this.client.send(new this.s3.GetObjectCommand({ Bucket: this.bucket, Key: storageKey }));
      return (Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(storageKey: string): Promise<void> {
    await this.client.send(new this.s3.DeleteObjectCommand({ Bucket: this.bucket, Key: storageKey }));
  }

  close() {
    this.client.destroy();
  }
}

const isMissing = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
