import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readEnv } from "@procure/api";
import { connectDatabase } from "../runtime.ts";
import { createDatabase, dropDatabase, suffix, TEMPLATE_DATABASE, TEMPLATE_PGDATA } from "./test-services.ts";

/**
 * Migrates one database for the whole run, for test files to start from: a copy (`create database … template …`, or
 * the PGlite folder copied) costs a fraction of running every migration again in each file. Only with DATABASE_URL
 * or the embedded defaults; containers come up per worker, so their runs migrate as before. Returns the teardown.
 */
export async function prepareMigratedTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL || null;
  if (!serverUrl && process.env.TEST_SERVICES !== "embedded") return async () => {};
  const dataDir = mkdtempSync(join(tmpdir(), "procure-template-"));
  const databaseUrl = serverUrl ? await createDatabase(serverUrl, `procure_template_${suffix()}`) : null;
  const env = readEnv({ DATA_DIR: dataDir, JWT_SECRET: `template-${suffix()}-0123456789`, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const connection = await connectDatabase(env);
  await connection.close();
  if (databaseUrl) process.env[TEMPLATE_DATABASE] = new URL(databaseUrl).pathname.slice(1);
  else process.env[TEMPLATE_PGDATA] = join(dataDir, "pgdata");
  return async () => {
    if (serverUrl && databaseUrl) await dropDatabase(serverUrl, new URL(databaseUrl).pathname.slice(1));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
