import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredFileStore, readEnv } from "@procure/api";
import { connectDatabase } from "./runtime.ts";
import { readAll, sha256 } from "./testing/file-store-behaviour.ts";
import { repoRoot } from "./testing/child-process.ts";
import { startS3Server } from "./testing/s3-server.ts";
import { createTestServices, type TestServices } from "./testing/test-services.ts";

const run = promisify(execFile);

/** `npm run move-files` as an operator runs it, with the product's environment; its exit code and output. */
async function moveFilesCommand(env: Record<string, string>, args: string[] = []) {
  const child = await run(join(repoRoot, "node_modules/.bin/tsx"), ["infra/src/move-files-command.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
  return child;
}

/** Files as uploads before this release left them under DATA_DIR/files, one of them several MiB, and a half-written one. */
function filesOnDisk(dataDir: string) {
  const dir = join(dataDir, "files");
  mkdirSync(dir, { recursive: true });
  const files = new Map([
    [randomUUID(), randomBytes(3 * 1024 * 1024 + 5)],
    [randomUUID(), Buffer.from("%PDF-1.4 a W-9")],
  ]);
  for (const [key, content] of files) writeFileSync(join(dir, key), content);
  writeFileSync(join(dir, `${randomUUID()}.part`), "half an upload");
  return { dir, files };
}

/** The store the product would now use, opened on the same environment as the command. */
async function configuredStore(env: Record<string, string>) {
  const parsed = readEnv(env);
  const connection = await connectDatabase(parsed);
  const store = await configuredFileStore(parsed, connection.db);
  return {
    store,
    close: async () => {
      store.close();
      await connection.close();
    },
  };
}

describe.each([
  ["Postgres", () => null],
  ["an S3 bucket", startS3Server],
])("moving DATA_DIR's files into %s", (_, startBucket) => {
  let services: TestServices;
  let bucket: Awaited<ReturnType<typeof startS3Server>> | null;
  let env: Record<string, string>;
  beforeAll(async () => {
    services = await createTestServices("movefiles");
    bucket = await startBucket();
    env = { ...services.env, ...bucket?.env };
  });
  afterAll(async () => {
    await bucket?.stop();
    await services?.cleanup();
  });

  it("copies each file under its key, checked by sha256; a second run skips them; --remove then clears the disk", async (context) => {
    if (!bucket && !services.databaseUrl) context.skip(); // The embedded default keeps files on disk: nothing to move to.
    const { dir, files } = filesOnDisk(services.dataDir);

    const first = await moveFilesCommand(env);
    expect(first, first.output).toMatchObject({ code: 0 });
    expect(first.output).toContain("Moved 2 files; 0 were already there; 0 failed.");
    const target = await configuredStore(env);
    try {
      for (const [key, content] of files) expect(sha256(await readAll(await target.store.open(key)))).toBe(sha256(content));
    } finally {
      await target.close();
    }

    const again = await moveFilesCommand(env, ["--remove"]);
    expect(again, again.output).toMatchObject({ code: 0 });
    expect(again.output).toContain("Moved 0 files; 2 were already there; 0 failed.");
    expect(readdirSync(dir).filter((name) => !name.endsWith(".part"))).toEqual([]);
  });

  it("leaves a file alone, and says so, when the store holds other content under its key", async (context) => {
    if (!bucket && !services.databaseUrl) context.skip();
    const key = randomUUID();
    const target = await configuredStore(env);
    try {
      await target.store.write(key, Readable.from([Buffer.from("what the store has")]));
    } finally {
      await target.close();
    }
    mkdirSync(join(services.dataDir, "files"), { recursive: true });
    writeFileSync(join(services.dataDir, "files", key), "what the disk has");

    const result = await moveFilesCommand(env, ["--remove"]);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`${key}: the store holds other content under this key`);
    expect(readdirSync(join(services.dataDir, "files"))).toContain(key);
  });
});

describe("move-files on the embedded default", () => {
  it("has nothing to move: the files already stay under DATA_DIR", async () => {
    const services = await createTestServices("movefilesdisk");
    try {
      const result = await moveFilesCommand({ ...services.env, DATABASE_URL: "" });
      expect(result, result.output).toMatchObject({ code: 0 });
      expect(result.output).toContain("nothing to move");
    } finally {
      await services.cleanup();
    }
  });
});
