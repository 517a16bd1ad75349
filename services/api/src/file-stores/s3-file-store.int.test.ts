import { describe } from "vitest";
import { fileStoreBehaviour } from "@procure/infra/testing/file-store-behaviour";
import { startS3Server } from "@procure/infra/testing/s3-server";
import { S3FileStore } from "./s3-file-store.ts";

describe("S3 file store, on an S3-compatible server", () => {
  fileStoreBehaviour(async () => {
    const server = await startS3Server();
    const store = await S3FileStore.open(server.settings);
    return {
      store,
      // The bucket's objects. Not the parts of a refused multipart upload: the store aborts it, but s3rver answers
      // AbortMultipartUpload with 405 and keeps them (S3 and MinIO drop them).
      kept: server.keys,
      close: async () => {
        store.close();
        await server.stop();
      },
    };
  });
});
