import { configuredFileStore, configuredFileStoreKind, diskFilesDir, DiskFileStore, readEnv } from "@procure/api/setup";
import { moveFiles } from "./move-files.ts";
import { connectDatabase } from "./runtime.ts";

/**
 * `npm run move-files [-- --remove]`: moves the files uploaded while they were kept under DATA_DIR/files into the
 * store the environment now names (Postgres, or an S3 bucket). Safe to run again; `--remove` deletes each file from
 * DATA_DIR once the store serves it whole. Exits 1 when a file could not be moved.
 */
const args = process.argv.slice(2);
if (args.some((arg) => arg !== "--remove")) {
  console.error("usage: move-files [--remove]");
  process.exit(2);
}
const env = readEnv();
const kind = configuredFileStoreKind(env);
if (kind === "disk") {
  console.log("Files are kept under DATA_DIR/files here (no DATABASE_URL, no S3 bucket): nothing to move.");
  process.exit(0);
}
// Only the Postgres store needs the database (migrated, for its tables). The embedded one stays closed: a running
// product may hold it.
const connection = kind === "postgres" ? await connectDatabase(env) : null;
const to = await configuredFileStore(env, connection?.db ?? null);
try {
  const report = await moveFiles(new DiskFileStore(diskFilesDir(env)), to, { removeMoved: args.includes("--remove") });
  for (const { storageKey, reason } of report.failed) console.error(`${storageKey}: ${reason}`);
  console.log(`Moved ${report.moved.length} files; ${report.alreadyThere.length} were already there; ${report.failed.length} failed.`);
  if (report.failed.length > 0) process.exitCode = 1;
} finally {
  to.close();
  await connection?.close();
}
