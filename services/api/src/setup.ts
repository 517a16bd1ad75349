/**
 * What a process needs from the API package to start any part of the product: settings, migrations, file stores,
 * the logger's options. The app itself (`buildApp`, every route and plugin) is the package's main entry, loaded only
 * by a process that serves HTTP: a background thread or an `--only relay` process never holds it in memory.
 */
export * from "./env.ts";
export * from "./deps.ts";
export * from "./file-stores/file-store.ts";
export * from "./file-stores/disk-file-store.ts";
export * from "./file-stores/postgres-file-store.ts";
export * from "./file-stores/configured-file-store.ts";
export { fileStoreMigrations } from "./file-stores/migrations/index.ts";
export { authMigrations } from "./features/auth/migrations/index.ts";
export { logOptions } from "./plugins/log-redaction.ts";
