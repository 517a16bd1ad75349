import type { FastifyRequest } from "fastify";
import { sql, type Kysely } from "kysely";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { loadCheckpoint, logBehind, RELAY_CHECKPOINT } from "@procure/eventstore";
import { loadStalls } from "@procure/projections";
import type { ProjectionProgress } from "../deps.ts";
import { registerApplyTimes } from "./projection-apply-series.ts";

/** Requests that ran a command (runCommand marks them): their answer also counts as a command outcome. */
const commands = new WeakSet<FastifyRequest>();
export const markCommand = (request: FastifyRequest) => void commands.add(request);
export const ranCommand = (request: FastifyRequest) => commands.has(request);

/** What a command's answer says of it: committed (first time or replayed), refused, in conflict, or failed. */
export function commandOutcome(status: number): "committed" | "rejected" | "conflict" | "failed" {
  if (status < 400) return "committed";
  if (status === 409) return "conflict";
  return status < 500 ? "rejected" : "failed";
}

/** Spans from a cached read to a command waiting out COMMAND_WAIT_MS. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's series, in a registry of its own (a test process builds many apps). What costs anything to know
 * (projection lag, open sockets) is read when scraped, not kept up per request.
 */
export function createMetrics(options: { progress: ProjectionProgress; openSockets: () => number; db: Kysely<unknown> }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "procure_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const commandDuration = new Histogram({
    name: "procure_command_duration_seconds",
    help: "Commands by route and outcome (committed, rejected, conflict, failed), waiting for the read models included.",
    labelNames: ["command", "outcome"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "procure_projection_lag_events",
    help: "Events appended to the log that the read models have not applied yet.",
    registers: [registry],
    async collect() {
      // A scrape while Postgres is away says so by the missing value, not by failing.
      const lag = await options.progress.lag().catch(() => null);
      if (lag) this.set(lag.behind);
    },
  });
  new Gauge({
    name: "procure_projection_lag_seconds",
    help: "How long ago the oldest event the read models have not applied yet was recorded (0 when none waits).",
    registers: [registry],
    async collect() {
      const lag = await options.progress.lag().catch(() => null);
      if (lag) this.set(lag.behindSeconds);
    },
  });
  const { progress } = options;
  if (progress.applyTimes) registerApplyTimes(registry, () => progress.applyTimes!());
  new Gauge({
    name: "procure_projection_stalled",
    help: "A projection set apart because it fails on an event (1 per such projection), with the event's position and type and the error class.",
    labelNames: ["projection", "position", "event_type", "error_class"] as const,
    registers: [registry],
    async collect() {
      const stalls = await loadStalls(options.db).catch(() => null);
      if (!stalls) return;
      this.reset();
      for (const stall of stalls) {
        const position = stall.position ? `${stall.position.tx}/${stall.position.pos}` : "";
        this.set({ projection: stall.projection, position, event_type: stall.eventType ?? "", error_class: stall.errorClass }, 1);
      }
    },
  });
  // The relay may run in another process: its checkpoint in Postgres says where it is. A workspace on the in-process
  // bus has no relay and no such checkpoint, and so no series.
  const relayBehind = async () => {
    const relay = await loadCheckpoint(options.db, RELAY_CHECKPOINT);
    return relay ? logBehind(options.db, relay.position) : null;
  };
  new Gauge({
    name: "procure_relay_lag_events",
    help: "Events appended to the log that the relay has not yet published to NATS (at most 100,000).",
    registers: [registry],
    async collect() {
      const behind = await relayBehind().catch(() => null);
      if (behind) this.set(behind.events);
    },
  });
  new Gauge({
    name: "procure_relay_lag_seconds",
    help: "How long ago the oldest event the relay has not yet published was recorded (0 when none waits).",
    registers: [registry],
    async collect() {
      const behind = await relayBehind().catch(() => null);
      if (behind) this.set(behind.seconds);
    },
  });
  new Gauge({
    name: "procure_live_sockets",
    help: "Live-update websockets open on this process.",
    registers: [registry],
    collect() {
      this.set(options.openSockets());
    },
  });
  // The webhook dispatcher and the notifier may run in other processes: their queues are read from Postgres, where
  // every process sees them (each count walks a partial index of the pending rows only).
  new Gauge({
    name: "procure_outbox_pending",
    help: "Webhook deliveries (queue=webhooks) and mails (queue=mail) waiting to be sent or retried.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      const rows = await outboxes(options.db).catch(() => []);
      for (const row of rows) this.set({ queue: row.queue }, Number(row.pending));
    },
  });
  new Gauge({
    name: "procure_outbox_overdue_seconds",
    help: "How long the oldest due webhook delivery or mail has waited past its time: a stuck sender shows here.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      const rows = await outboxes(options.db).catch(() => []);
      for (const row of rows) this.set({ queue: row.queue }, Number(row.overdue_seconds));
    },
  });
  new Gauge({
    name: "procure_webhook_deliveries",
    help: "Webhook deliveries by outcome so far: pending (waiting or retrying), delivered, failed.",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await countsByStatus(options.db, "webhook_deliveries").catch(() => []);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: "procure_mails",
    help: "Notification mails by outcome so far: pending, sent, failed, held for a daily summary, digested, skipped.",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await countsByStatus(options.db, "notification_outbox").catch(() => []);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  return { registry, httpDuration, commandDuration };
}

export type Metrics = ReturnType<typeof createMetrics>;

type Outbox = { queue: "webhooks" | "mail"; pending: string; overdue_seconds: string };

async function outboxes(db: Kysely<unknown>): Promise<Outbox[]> {
  const { rows } = await sql<Outbox>`
    select 'webhooks' as queue, count(*)::text as pending,
      coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::text as overdue_seconds
    from webhook_deliveries where status = 'pending'
    union all
    select 'mail', count(*)::text,
      coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::text
    from notification_outbox where status = 'pending'`.execute(db);
  return rows;
}

/**
 * Outcomes are counted from the tables rather than by the sending process: the dispatcher and the notifier may run in
 * other processes, or in the background thread, and Postgres holds every process's outcomes, restarts included.
 */
async function countsByStatus(db: Kysely<unknown>, table: "webhook_deliveries" | "notification_outbox") {
  const { rows } = await sql<{ status: string; n: string }>`select status, count(*)::text as n from ${sql.table(table)} group by status`.execute(db);
  return rows;
}
