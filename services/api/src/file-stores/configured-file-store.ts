import { join, resolve } from "node:path";
import type { Kysely } from "kysely";
import type { Env } from "../env.ts";
import { DiskFileStore } from "./disk-file-store.ts";
import type { FileStore } from "./file-store.ts";
import { PostgresFileStore } from "./postgres-file-store.ts";
import { S3FileStore } from "./s3-file-store.ts";

/** Where files uploaded before any other store was configured were kept, and where the embedded default keeps them. */
export const diskFilesDir = (env: Pick<Env, "DATA_DIR">) => join(resolve(env.DATA_DIR), "files");

/**
 * The store the environment names: a bucket when one is configured, else Postgres when the product runs on a
 * server (every API process, on any host, reaches it), else the embedded default's directory.
 */
export function configuredFileStoreKind(env: Env): "s3" | "postgres" | "disk" {
  if (env.S3_BUCKET && env.S3_ENDPOINT) return "s3";
  return env.DATABASE_URL ? "postgres" : "disk";
}

/** The configured store, opened once at start; `db` may be null where no store in Postgres is configured. */
export async function configuredFileStore(env: Env, db: Pick<Kysely<unknown>, "getExecutor"> | null): Promise<FileStore> {
  const kind = configuredFileStoreKind(env);
  if (kind === "s3" && env.S3_BUCKET && env.S3_ENDPOINT) {
    return S3FileStore.open({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    });
  }
  if (kind === "postgres") {
    if (!db) throw new Error("The file store in Postgres needs the database");
    return new PostgresFileStore(db);
  }
  return new DiskFileStore(diskFilesDir(env));
}
