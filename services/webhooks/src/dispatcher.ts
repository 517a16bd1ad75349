import type { Kysely } from "kysely";
import { keepRunning, LogFollower, Signal, type Bus, type EventStore, type LogRead } from "@procure/eventstore";
import { claimDue, recordAttempt, type ClaimedDelivery } from "./claim.ts";
import { disableEndpoint } from "./disable-endpoint.ts";
import { FAN_OUT_CHECKPOINT, fanOutBatch, type KnownSubscriptions } from "./fan-out.ts";
import { nextDelayMs, parseRetryAfter } from "./retry-schedule.ts";
import { activeSecrets } from "./secrets.ts";
import { sendOnce } from "./send.ts";

export type DispatcherOptions = {
  retryScheduleMs: readonly number[];
  /** Until a receiver's status line. */
  timeoutMs: number;
  /** For a whole attempt; a little more than `timeoutMs` unless told. */
  totalTimeoutMs?: number;
  allowPrivateUrls: boolean;
  /** How often to look for due retries and new events without being woken. */
  pollMs?: number;
  batchSize?: number;
  /** Sends at once, in all and to one endpoint. */
  concurrency?: number;
  perEndpointConcurrency?: number;
  durable?: string;
  /** Reads the log (a read shared with the process's other readers); the event store's by default. */
  read?: LogRead;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/**
 * Delivers public events to webhook endpoints. Two loops: the fan-out follows the log in order (woken by appends in
 * this process and by the bus telling of other processes' publications) and records a pending delivery per endpoint
 * and event; the
 * sender claims due deliveries as slots free up and sends each on its own, so a slow receiver holds up no other
 * endpoint. Both keep their state in Postgres, so a restart or a second copy
 * loses nothing and sends nothing twice beyond what at-least-once delivery allows (same webhook-id).
 */
export class WebhookDispatcher {
  private readonly sendSignal = new Signal();
  private running = false;
  private sendLoop: Promise<void> | null = null;
  /** Sends under way; each frees its slot as it ends, with no batch to wait for. */
  private readonly sending = new Set<Promise<void>>();
  private stopping = new AbortController();
  private readonly fanOut: LogFollower;
  /** The subscriptions as of the fan-out's checkpoint, while no other dispatcher has moved it. */
  private known: KnownSubscriptions | null = null;
  private sendError: string | null = null;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly db: Kysely<any>,
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    private readonly options: DispatcherOptions,
  ) {
    this.fanOut = new LogFollower(db, store, bus, {
      name: "webhook fan-out",
      checkpoint: FAN_OUT_CHECKPOINT,
      read: options.read,
      batchSize: options.batchSize,
      pollMs: options.pollMs,
      log: options.log,
      batch: async (events, from) => {
        const result = await fanOutBatch(this.db, events, from, this.known);
        this.known = result.known;
        if (result.queued > 0) this.sendSignal.notify();
        return result;
      },
      // What another dispatcher recorded is no longer known here: the next batch reads it under the lease.
      onMoveMissed: () => (this.known = null),
    });
  }

  get lastError(): string | null {
    return this.fanOut.lastError ?? this.sendError;
  }

  async start(): Promise<void> {
    this.stopping = new AbortController();
    this.running = true;
    await this.fanOut.start();
    this.sendLoop = keepRunning({
      name: "webhook send",
      step: () => this.sendDue(),
      signal: this.sendSignal,
      running: () => this.running,
      idleMs: () => this.options.pollMs ?? 1_000,
      onError: (error) => (this.sendError = error),
      log: this.options.log,
    });
    if (this.bus) {
      // Earlier versions followed the bus with a durable consumer: nothing reads it any more.
      const durable = this.options.durable ?? "webhooks";
      void this.bus.retireConsumers([durable]).catch((error: unknown) => this.options.log?.("could not retire an old consumer", { error: String(error) }));
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopping.abort();
    this.sendSignal.notify();
    await this.fanOut.stop();
    await this.sendLoop;
    await Promise.all(this.sending);
  }

  /** Looks for due deliveries now (a replay or a test event was just queued). */
  wake(): void {
    this.sendSignal.notify();
  }

  /** Claims as many due deliveries as there are free slots and starts each. Says whether more may be due. */
  private async sendDue(): Promise<boolean> {
    const free = (this.options.concurrency ?? 16) - this.sending.size;
    if (free <= 0) return false;
    const leaseMs = this.totalTimeoutMs + 30_000;
    const claimed = await claimDue(this.db, { limit: free, perEndpoint: this.options.perEndpointConcurrency ?? 4, leaseMs });
    for (const delivery of claimed) this.track(this.deliver(delivery));
    return claimed.length === free;
  }

  private get totalTimeoutMs(): number {
    return this.options.totalTimeoutMs ?? this.options.timeoutMs + 5_000;
  }

  /** An ended send frees a slot, and may free the next event of its stream: look for due deliveries again. */
  private track(send: Promise<void>) {
    const tracked: Promise<void> = send
      .catch((error: unknown) => {
        // The lease runs out and another attempt follows.
        this.sendError = String(error);
        this.options.log?.("webhook send failed; retrying", { error: this.sendError });
      })
      .finally(() => {
        this.sending.delete(tracked);
        this.sendSignal.notify();
      });
    this.sending.add(tracked);
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { retryScheduleMs, timeoutMs, allowPrivateUrls } = this.options;
    const secrets = await activeSecrets(this.db, delivery.endpoint_id);
    const stopping = this.stopping.signal;
    const result = await sendOnce({
      url: delivery.url,
      eventId: delivery.event_id,
      body: delivery.body,
      secrets,
      timeoutMs,
      totalTimeoutMs: this.totalTimeoutMs,
      allowPrivate: allowPrivateUrls,
      signal: stopping,
    });
    const outcome = { responseCode: result.status, latencyMs: result.latencyMs, error: result.error };
    if (stopping.aborted && result.status === null) {
      // Cut short by a stop, not by the receiver: due again at once, for whichever dispatcher runs next.
      await recordAttempt(this.db, delivery, { ...outcome, error: "Interrupted: the dispatcher stopped before an answer" }, { kind: "retry", inMs: 0 });
      return;
    }
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await recordAttempt(this.db, delivery, outcome, { kind: "delivered" });
      return;
    }
    if (result.status === 410) {
      await recordAttempt(this.db, delivery, outcome, { kind: "failed" });
      await disableEndpoint(this.db, this.store, delivery.endpoint_id, "The receiver answered 410 Gone.", delivery.id);
      return;
    }
    const delay = nextDelayMs(retryScheduleMs, delivery.attempts, parseRetryAfter(result.retryAfter));
    if (delay === null) {
      await recordAttempt(this.db, delivery, outcome, { kind: "failed" });
      const reason = `Every attempt failed (${delivery.attempts} attempts); the last: ${result.error ?? "no answer"}.`;
      await disableEndpoint(this.db, this.store, delivery.endpoint_id, reason, delivery.id);
      return;
    }
    await recordAttempt(this.db, delivery, outcome, { kind: "retry", inMs: delay });
    // A retry due sooner than the next poll is looked for when it falls due.
    if (delay < (this.options.pollMs ?? 1_000)) setTimeout(() => this.sendSignal.notify(), delay).unref();
  }
}
