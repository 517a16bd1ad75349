import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { pino, type Logger } from "pino";
import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { sql } from "kysely";
import {
  authMigrations,
  configuredFileStore,
  fileStoreMigrations,
  logLevel,
  logOptions,
  PostgresFileStore,
  type AppDeps,
  type Env,
  type ProjectionProgress,
} from "@procure/api/setup";
import {
  AppendsInFlight,
  createDatabase,
  EventStore,
  eventStoreMigrations,
  MemoryBus,
  migrateToLatest,
  NatsBus,
  Relay,
  SharedLog,
  type Bus,
  type Connection,
  type LogRead,
  maxPosition,
} from "@procure/eventstore";
import { allProjections, loadStalls, ProjectionGroups, projectionGroups, readModelMigrations, type Database } from "@procure/projections";
import { CheckpointProgress, RunnerProgress } from "./progress.ts";
import { BackgroundThread } from "./background/background-thread.ts";
import { backgroundHealth, type BackgroundHealth } from "./background/health.ts";
import { gatherEachTurn } from "./gather-each-turn.ts";
import { developmentSecret } from "./secrets.ts";
import { parseRetrySchedule, WebhookDispatcher, webhookMigrations } from "@procure/webhooks";
import { Notifier, notifierMigrations, type NotifierOptions } from "@procure/notifier";

export const roles = ["api", "relay", "projector", "webhooks", "notifier"] as const;
export type ProcessRole = (typeof roles)[number];

export type Runtime = {
  env: Env;
  db: Kysely<Database>;
  store: EventStore;
  bus: Bus;
  relay: Relay | null;
  runner: ProjectionGroups | null;
  /** The relay, projections and webhooks when they run in a thread of their own (then not in the fields above). */
  background: BackgroundThread | null;
  webhooks: WebhookDispatcher | null;
  notifier: Notifier | null;
  /** How far the read models are, wherever the projections run: what the API's commands wait on. */
  progress: ProjectionProgress;
  app: FastifyInstance | null;
  url: string | null;
  stop: () => Promise<void>;
};

type Log = (message: string, extra?: Record<string, unknown>) => void;

/** The process's one logger, with the request-log redaction the API needs. */
export const createLogger = (env: Env): Logger => pino(logOptions(logLevel(env)));

/** A part's log function: a child of the process logger named after the part. */
const partLog =
  (logger: Logger, part: string): Log =>
  (message, extra) =>
    logger.child({ part }).warn(extra ?? {}, message);

/** `appendsNothing`: none of this process's parts appends to the log (see APPENDS_NOTHING). */
export async function connectDatabase(env: Env, { appendsNothing = false } = {}): Promise<Connection<Database>> {
  const connection = createDatabase<Database>(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.PG_POOL_SIZE, appendsNothing }
      : { kind: "pglite", dataDir: join(resolve(env.DATA_DIR), "pgdata") },
  );
  await migrateToLatest(connection.db as Kysely<unknown>, [
    eventStoreMigrations,
    readModelMigrations,
    authMigrations,
    webhookMigrations,
    notifierMigrations,
    fileStoreMigrations,
  ]);
  return connection;
}

export async function connectBus(env: Env, name: string, log: Log): Promise<Bus> {
  if (!env.NATS_URL) return new MemoryBus();
  return NatsBus.connect({ url: env.NATS_URL, stream: env.NATS_STREAM, subjectPrefix: env.NATS_SUBJECT_PREFIX, replicas: env.NATS_STREAM_REPLICAS, name, log });
}

/**
 * Whether a process running every part puts the relay, projections and webhooks in a thread of their own: by
 * default with Postgres and NATS. The embedded database has one connection for the whole process, and the
 * in-process bus reaches only its own thread.
 */
function backgroundInThread(env: Env, only: readonly ProcessRole[]): boolean {
  if (only.length < roles.length || !env.DATABASE_URL || !env.NATS_URL) return false;
  return env.BACKGROUND_THREAD ?? true;
}

/**
 * Starts the parts of the product this process runs. One process runs them all by default; with a NATS server,
 * `--only api|relay|projector|webhooks` splits them across processes over the same Postgres. A background thread
 * passes `appendsInFlight`, the count of the thread that started it, so that the API's appends hold its reads back.
 */
export async function startRuntime(
  env: Env,
  only: readonly ProcessRole[] = roles,
  logger: Logger = createLogger(env),
  options: {
    appendsInFlight?: SharedArrayBuffer;
    /** Runs on the built app before it listens: what must be done before the process may say it is ready. */
    beforeListen?: (app: FastifyInstance, db: Kysely<Database>) => Promise<void>;
  } = {},
): Promise<Runtime> {
  if (!env.NATS_URL && only.length < roles.length) {
    throw new Error("Running parts of the product in separate processes needs NATS_URL: the in-process bus reaches only its own process.");
  }
  // Commands append, and so does the webhook dispatcher when it disables an endpoint; the other parts never do, and
  // a process of only those lets every reader of the log, in any process, read past its transactions.
  const connection = await connectDatabase(env, { appendsNothing: !only.includes("api") && !only.includes("webhooks") });
  const db = connection.db;
  const store = new EventStore(db, options.appendsInFlight ? AppendsInFlight.watching(options.appendsInFlight) : AppendsInFlight.counter());
  const bus = await connectBus(env, `procure-${only.join("-")}`, partLog(logger, "bus"));

  // The process's readers of the log, woken by the same appends, share its reads.
  const sharedLog = new SharedLog(store);
  const read: LogRead = (from, size) => sharedLog.read(from, size);
  const background = backgroundInThread(env, only)
    ? await BackgroundThread.start({ env, appendsInFlight: store.appendsInFlight.buffer }, db, store, bus, partLog(logger, "background"))
    : null;
  // A thread of their own is only for a process running every part: the API is then all that stays here.
  const here: readonly ProcessRole[] = background ? ["api"] : only;
  const runner = here.includes("projector") ? new ProjectionGroups(db, store, bus, projectionGroups, { log: partLog(logger, "projector"), sharedLog }) : null;
  if (runner) await runner.start();
  // An in-process bus keeps nothing and tells no other process: a relay there would only move its checkpoint, a
  // transaction per batch on the embedded database's one connection.
  const relay = here.includes("relay") && bus.kind !== "memory" ? new Relay(store, bus, { log: partLog(logger, "relay"), read }) : null;
  if (relay) await relay.start();
  const webhooks = here.includes("webhooks") ? createDispatcher(env, db, store, bus, partLog(logger, "webhooks"), read) : null;
  if (webhooks) await webhooks.start();
  const jwtSecret = env.JWT_SECRET ?? developmentSecret(resolve(env.DATA_DIR));
  const notifier = here.includes("notifier") ? createNotifier(env, db, store, bus, { secret: jwtSecret, read, log: partLog(logger, "notifier") }) : null;
  if (notifier) await notifier.start();

  // A process that appends tells the others' readers of it at once, rather than leaving them to find it by polling:
  // the newest position of each turn, once, however many commands it committed. With a background thread, the
  // thread tells of both threads' appends (it hears of the API thread's), so a process sends one announcement.
  const inBackgroundThread = options.appendsInFlight !== undefined;
  if (bus.kind !== "memory" && !background && (here.includes("api") || here.includes("webhooks"))) {
    const announce = gatherEachTurn<Position>((positions) => bus.announceAppended(positions.reduce(maxPosition)));
    if (inBackgroundThread) store.onAppended(announce);
    else store.onAppendedHere(announce);
  }

  const progress: ProjectionProgress = background ?? (runner ? new RunnerProgress(db, store, runner) : new CheckpointProgress(db, store, allProjections));

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  const files = only.includes("api") ? await configuredFileStore(env, db) : null;
  // What a process that died mid-upload left: no upload takes a day.
  if (files instanceof PostgresFileStore) await files.removeAbandoned(24 * 60 * 60_000);
  if (files) {
    const deps: AppDeps = {
      env,
      db,
      store,
      bus,
      progress,
      files,
      jwtSecret,
      health: healthCheck(db, bus, progress, background?.health ?? backgroundHealth(relay, runner, bus.kind === "memory")),
    };
    // Loaded here, not at the top: only a process that serves HTTP needs the app's code in memory.
    const { buildApp } = await import("@procure/api");
    app = await buildApp({ deps, loggerInstance: logger });
    // Until it listens, nothing reaches it: no probe finds it ready and no visitor finds a workspace half filled.
    await options.beforeListen?.(app, db);
    url = await app.listen({ port: env.PORT, host: env.HOST });
  }

  return {
    env,
    db,
    store,
    bus,
    relay,
    runner,
    background,
    webhooks,
    notifier,
    progress,
    app,
    url,
    // The API drains (in-flight commands still wait on the projections here) while the senders give back their
    // leases, so another process takes their deliveries and mails at once; the log's readers stop last.
    stop: async () => {
      await Promise.all([app?.shutdown(env.SHUTDOWN_GRACE_MS), webhooks?.stop(), notifier?.stop()]);
      await relay?.stop();
      await runner?.stop();
      await background?.stop();
      files?.close();
      await bus.close();
      await connection.close();
    },
  };
}

/** The webhook dispatcher as the environment configures it. */
export function createDispatcher(env: Env, db: Kysely<Database>, store: EventStore, bus: Bus | null, log?: Log, read?: LogRead): WebhookDispatcher {
  return new WebhookDispatcher(db, store, bus, {
    read,
    retryScheduleMs: parseRetrySchedule(env.WEBHOOKS_RETRY_SCHEDULE_MS),
    timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    allowPrivateUrls: env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false,
    log,
  });
}

/** The notifier as the environment configures it; a test may set its clock or retry schedule. */
export function createNotifier(
  env: Env,
  db: Kysely<Database>,
  store: EventStore,
  bus: Bus | null,
  options: Pick<NotifierOptions, "secret"> & Partial<NotifierOptions>,
): Notifier {
  return new Notifier(db, store, bus, {
    publicUrl: env.PUBLIC_URL,
    mailFrom: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL,
    mailDir: join(resolve(env.DATA_DIR), "mail"),
    timeZone: env.WORKSPACE_TIME_ZONE,
    leaseMs: env.MAIL_SEND_LEASE_MS,
    sendPerSecond: env.MAIL_SEND_RATE,
    ...options,
  });
}

function healthCheck(db: Kysely<Database>, bus: Bus, progress: ProjectionProgress, background: BackgroundHealth) {
  return async () => {
    const postgres = await sql`select 1`.execute(db).then(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error: String(error) }),
    );
    const natsOk = await Promise.race([bus.healthy(), new Promise<boolean>((r) => setTimeout(() => r(false), 1_000))]);
    const lag = postgres.ok ? await progress.lag() : null;
    const parts = await background({ postgresOk: postgres.ok, natsOk }).catch((error: unknown) => ({
      projections: { ok: false, error: String(error) },
      relay: { ok: false, error: String(error) },
    }));
    // From Postgres: the projections may run in another thread or process, and the others go on without those.
    const stalled = postgres.ok ? await loadStalls(db).catch(() => []) : [];
    const projections = { ok: parts.projections.ok && stalled.length === 0, error: parts.projections.error ?? stalled[0]?.error ?? null, stalled };
    return {
      postgres,
      nats: { ok: natsOk, kind: bus.kind },
      projections: { ...projections, lag },
      relay: parts.relay,
    };
  };
}
