import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { fileStoreBehaviour } from "@procure/infra/testing/file-store-behaviour";
import { DiskFileStore } from "./disk-file-store.ts";

describe("disk file store", () => {
  fileStoreBehaviour(async () => {
    const dir = mkdtempSync(join(tmpdir(), "procure-files-"));
    return {
      store: new DiskFileStore(dir),
      kept: async () => readdirSync(dir).sort(),
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  });
});
