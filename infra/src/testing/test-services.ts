import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase as createStorage } from "@procure/eventstore";
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { containerServices, dockerAvailable } from "./containers.ts";
import { profiled } from "./profile-span.ts";

/**
 * The services a test file runs against: DATABASE_URL / NATS_URL when set (CI points them at this machine's
 * Postgres and NATS), else Postgres and NATS in containers when a Docker engine answers, else the embedded
 * defaults (`TEST_SERVICES=embedded` asks for those whatever is available). Each test file gets its own
 * database and its own JetStream stream and subjects, and removes them when done.
 */
export type TestServices = {
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | null;
  natsUrl: string | null;
  mode: "services" | "embedded";
  cleanup: () => Promise<void>;
};

/** Set by a run's global setup (migrated-template.ts): the migrated template database on the server, or PGlite's folder. */
export const TEMPLATE_DATABASE = "PROCURE_TEST_TEMPLATE_DATABASE";
export const TEMPLATE_PGDATA = "PROCURE_TEST_TEMPLATE_PGDATA";

export const suffix = () => randomBytes(5).toString("hex");

/**
 * `migrated`: start from the run's migrated template when its global setup made one (see migrated-template.ts), for
 * files that start the product and would only run every migration again. A test of migrations themselves leaves it.
 */
export async function createTestServices(label = "t", { migrated = false } = {}): Promise<TestServices> {
  const id = `${label.replace(/[^a-z0-9]/gi, "").toLowerCase()}_${suffix()}`;
  const dataDir = mkdtempSync(join(tmpdir(), `procure-${id}-`));
  const { serverUrl, natsUrl } = await pickServices();
  let databaseUrl: string | null = null;
  if (serverUrl) {
    databaseUrl = await profiled("database", () => createDatabase(serverUrl, `procure_${id}`, migrated ? process.env[TEMPLATE_DATABASE] : undefined));
  } else if (migrated && process.env[TEMPLATE_PGDATA]) {
    cpSync(process.env[TEMPLATE_PGDATA], join(dataDir, "pgdata"), { recursive: true });
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NATS_STREAM: `PROCURE_${id.toUpperCase()}`,
    NATS_SUBJECT_PREFIX: `procure_${id}`,
    JWT_SECRET: `test-secret-${id}-0123456789abcdef`,
    DEMO_SEED: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    RATE_LIMIT_PUBLIC: "10000",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (natsUrl) env.NATS_URL = natsUrl;
  return {
    env,
    dataDir,
    databaseUrl,
    natsUrl,
    mode: serverUrl ? "services" : "embedded",
    cleanup: async () => {
      if (serverUrl && databaseUrl) await dropDatabase(serverUrl, new URL(databaseUrl).pathname.slice(1));
      if (natsUrl) await deleteStream(natsUrl, env.NATS_STREAM!);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function pickServices(): Promise<{ serverUrl: string | null; natsUrl: string | null }> {
  const serverUrl = process.env.DATABASE_URL || null;
  const natsUrl = process.env.NATS_URL || null;
  if (serverUrl || natsUrl || process.env.TEST_SERVICES === "embedded") return { serverUrl, natsUrl };
  if (!(await dockerAvailable())) return { serverUrl: null, natsUrl: null };
  const containers = await containerServices();
  return { serverUrl: containers.databaseUrl, natsUrl: containers.natsUrl };
}

export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

export async function deleteStream(natsUrl: string, stream: string) {
  const nc = await connect({ servers: natsUrl, reconnect: false }).catch(() => null);
  if (!nc) return;
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => {});
  } finally {
    await nc.close();
  }
}

/** A fresh database and a bare connection to it, for tests of the storage layer itself (no migrations run). */
export async function openTestDatabase(label: string) {
  const services = await createTestServices(label);
  const connection = createStorage<unknown>(
    services.databaseUrl ? { kind: "postgres", url: services.databaseUrl } : { kind: "pglite", dataDir: join(services.dataDir, "pgdata") },
  );
  return {
    db: connection.db,
    close: async () => {
      await connection.close();
      await services.cleanup();
    },
  };
}
