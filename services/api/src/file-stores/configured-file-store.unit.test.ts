import { describe, expect, it } from "vitest";
import { readEnv } from "../env.ts";
import { configuredFileStoreKind } from "./configured-file-store.ts";

const bucket = { S3_BUCKET: "procure-files", S3_ENDPOINT: "http://127.0.0.1:9000" };

describe("which file store the environment names", () => {
  it("is the disk with nothing set, Postgres with DATABASE_URL, and a bucket whenever one is configured", () => {
    expect(configuredFileStoreKind(readEnv({}))).toBe("disk");
    expect(configuredFileStoreKind(readEnv({ DATABASE_URL: "postgres://db/procure" }))).toBe("postgres");
    expect(configuredFileStoreKind(readEnv(bucket))).toBe("s3");
    expect(configuredFileStoreKind(readEnv({ ...bucket, DATABASE_URL: "postgres://db/procure" }))).toBe("s3");
    expect(configuredFileStoreKind(readEnv({ S3_BUCKET: "", S3_ENDPOINT: "" }))).toBe("disk");
  });

  it("refuses half a bucket's settings rather than keep files elsewhere quietly", () => {
    expect(() => readEnv({ S3_BUCKET: "procure-files" })).toThrow(/S3_BUCKET and S3_ENDPOINT/);
    expect(() => readEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET and S3_ENDPOINT/);
    expect(() => readEnv({ ...bucket, S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => readEnv({ ...bucket, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
