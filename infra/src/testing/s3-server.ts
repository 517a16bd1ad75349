import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

type S3rver = { run(): Promise<{ port: number }>; close(): Promise<void>; httpServer?: Server };
type S3rverOptions = { address: string; port: number; directory: string; silent: boolean; configureBuckets: { name: string }[] };

/**
 * An S3-compatible server (s3rver) of the test's own, on a free loopback port, keeping its objects in a temporary
 * directory, with one bucket. `env` is what the product needs to keep its files there.
 */
export async function startS3Server(bucket = "procure-files") {
  const directory = mkdtempSync(join(tmpdir(), "procure-s3-"));
  const S3rverServer = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rver;
  const server = new S3rverServer({ address: "127.0.0.1", port: 0, directory, silent: process.env.S3RVER_LOG !== "1", configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = { bucket, endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } };
  const client = new S3Client(settings);
  return {
    bucket,
    endpoint,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    settings,
    /** The keys of the bucket's objects. */
    keys: async () => {
      const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return Contents.map((object) => object.Key!).sort();
    },
    stop: async () => {
      client.destroy();
      // A client's idle keep-alive connections would hold the close back.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
