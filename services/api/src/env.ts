import { z } from "zod";
import { isTimeZone } from "@procure/notifier";

const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "on", "yes"].includes(v)));

/** An optional setting left blank (as an `.env` file or compose file may) is unset. */
const unsetIfBlank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The one place the process environment is read. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().optional(),
  NATS_URL: z.string().optional(),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("PROCURE_EVENTS"),
  /** Servers of a NATS cluster that keep the event stream when it is first created: 3 in a three-node cluster. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("procure"),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_EXPIRES_IN: z.string().default("12h"),
  DEMO_SEED: flag,
  OPEN_SIGNUP: flag,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /**
   * Uploaded files go to an S3-compatible bucket when S3_BUCKET and S3_ENDPOINT are both set; else to Postgres with
   * DATABASE_URL; else under DATA_DIR/files.
   */
  S3_BUCKET: unsetIfBlank(z.string()),
  S3_ENDPOINT: unsetIfBlank(z.url()),
  S3_REGION: z.string().default("us-east-1"),
  /** Unset: the AWS SDK's own chain (AWS_* variables, a profile, an instance role). */
  S3_ACCESS_KEY_ID: unsetIfBlank(z.string()),
  S3_SECRET_ACCESS_KEY: unsetIfBlank(z.string()),
  /** Addresses the bucket as `<endpoint>/<bucket>` rather than `<bucket>.<endpoint>`, as MinIO and most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: flag,
  /**
   * With Postgres and NATS, a process running every part puts the relay, projections and webhooks in a worker
   * thread, off the API's event loop; false keeps them on it.
   */
  BACKGROUND_THREAD: flag,
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** On SIGTERM, how long requests in flight may take to finish before the process cuts them and exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Prometheus metrics on a listener of their own, at /metrics on this port (bound to HOST). */
  METRICS_PORT: unsetIfBlank(z.coerce.number().int().min(0).max(65535)),
  /** Without METRICS_PORT: /metrics on the API's port, for `Authorization: Bearer <METRICS_TOKEN>` only. */
  METRICS_TOKEN: unsetIfBlank(z.string().min(16)),
  COMMAND_WAIT_MS: z.coerce.number().int().min(0).default(2_000),
  RATE_LIMIT_PUBLIC: z.coerce.number().int().positive().default(60),
  /** pino's level; unset, `warn` (a line a minute sums up the traffic) or `info` in production (a line per request). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** How often a process whose level hides the request lines prints one summing up the requests it answered. */
  LOG_SUMMARY_MS: z.coerce.number().int().min(1_000).default(60_000),
  WEB_DIST: z.string().optional(),
  /** Off by default: webhook URLs resolving to loopback or private addresses are refused (tests turn it on). */
  WEBHOOKS_ALLOW_PRIVATE_URLS: flag,
  /** Delays before each delivery attempt, in milliseconds, comma-separated; unset: Standard Webhooks' schedule. */
  WEBHOOKS_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/)
    .optional(),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** The most webhook endpoints a workspace may have: each event writes one delivery row per endpoint. */
  WEBHOOKS_MAX_ENDPOINTS: z.coerce.number().int().positive().default(20),
  /** Mail goes out over SMTP (`smtp://user:pass@host:587`, `smtps://…`); unset, each mail is written under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "SMTP_URL starts with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().default("Procure <no-reply@localhost>"),
  /**
   * How long a notifier holds the mails it took to send: longer than any send takes, since a notifier that dies
   * holding them leaves them to another only after it runs out.
   */
  MAIL_SEND_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(5 * 60_000),
  /**
   * Mails a notifier sends a second at most. Mail waits minutes without harm; a burst sent as fast as it could go
   * would slow the live screens that share the process and the database. Each notifier process has its own.
   */
  MAIL_SEND_RATE: z.coerce.number().positive().default(20),
  /** The address people reach the product at: the base of every link in a mail. Unset: where the server listens. */
  PUBLIC_URL: unsetIfBlank(z.url()),
  /** The workspace's time zone (IANA): daily summaries go out at 08:00 there. */
  WORKSPACE_TIME_ZONE: z.string().refine(isTimeZone, { error: "Not a time zone (use an IANA name such as Europe/Paris)" }).default("UTC"),
  /**
   * Off by default: X-Forwarded-For is then ignored, so a client cannot pose as a new address per request. Behind
   * a proxy: `true` (trust every hop), a hop count, or a comma list of proxy addresses or CIDRs, as Fastify takes.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string[] => {
      const value = (v ?? "").trim();
      if (value === "" || value === "false" || value === "0") return false;
      if (value === "true") return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
    }),
});
export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

/** Hosts that listen on every interface: a browser reaches them as localhost. */
const everyInterface = new Set(["0.0.0.0", "::", "[::]", ""]);

/** Where the server listens, as a browser on this machine reaches it: the public address unless PUBLIC_URL says. */
export function listeningUrl(env: { HOST: string; PORT: number }): string {
  if (everyInterface.has(env.HOST)) return `http://localhost:${env.PORT}`;
  const bareIpv6 = env.HOST.includes(":") && !env.HOST.startsWith("[");
  return `http://${bareIpv6 ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
}

/**
 * The demo workspace (sample accounts with a published password) is for trying the product: on by default in
 * development, and in production only when DEMO_SEED=true is set explicitly.
 */
export function demoSeedEnabled(env: Pick<Env, "NODE_ENV" | "DEMO_SEED">): boolean {
  return env.DEMO_SEED ?? env.NODE_ENV !== "production";
}

/**
 * A console one watches (`npm start`) shows warnings and a line a minute about the traffic, not a JSON line per
 * request; a deployment's log keeps every request unless LOG_LEVEL says otherwise.
 */
export function logLevel(env: Pick<Env, "NODE_ENV" | "LOG_LEVEL">): NonNullable<Env["LOG_LEVEL"]> {
  return env.LOG_LEVEL ?? (env.NODE_ENV === "production" ? "info" : "warn");
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const { S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = parsed.data;
  // Half a bucket's settings would quietly keep files elsewhere.
  if (Boolean(S3_BUCKET) !== Boolean(S3_ENDPOINT)) throw new Error("Invalid environment: S3_BUCKET and S3_ENDPOINT are set together or not at all");
  if (Boolean(S3_ACCESS_KEY_ID) !== Boolean(S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all");
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.JWT_SECRET) {
    throw new Error("JWT_SECRET is required in production");
  }
  return { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? listeningUrl(parsed.data) };
}
