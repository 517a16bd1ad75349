import type { Kysely } from "kysely";
import { comparePositions, IdleCheckpointMoves, loadCheckpoint, logReadOf, ORIGIN, Signal, type Bus, type EventStore, type LogRead } from "@procure/eventstore";
import type { Position } from "@procure/contracts";
import { assertPublicUrl } from "./address-guard.ts";
import { claimDue, recordAttempt, type ClaimedDelivery } from "./claim.ts";
import { disableEndpoint } from "./disable-endpoint.ts";
import { FAN_OUT_CHECKPOINT, fanOutBatch, type KnownSubscriptions } from "./fan-out.ts";
import { nextDelayMs, parseRetryAfter } from "./retry-schedule.ts";
import { activeSecrets } from "./secrets.ts";
import { sendOnce } from "./send.ts";

export type DispatcherOptions = {
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  allowPrivateUrls: boolean;
  /** How often to look for due retries and new events without being woken. */
  pollMs?: number;
  batchSize?: number;
  concurrency?: number;
  durable?: string;
  /** Reads the log (a read shared with the process's other readers); the event store's by default. */
  read?: LogRead;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/**
 * Delivers public events to webhook endpoints. Two loops: the fan-out follows the log in order (woken by appends in
 * this process and by the bus telling of other processes' publications) and records a pending delivery per endpoint
 * and event; the
 * sender claims due deliveries and sends them. Both keep their state in Postgres, so a restart or a second copy
 * loses nothing and sends nothing twice beyond what at-least-once delivery allows (same webhook-id).
 */
export class WebhookDispatcher {
  private readonly fanOutSignal = new Signal();
  private readonly sendSignal = new Signal();
  private running = false;
  private loops: Promise<void>[] = [];
  private stopHearing: (() => void) | null = null;
  private stopWatchingAppends: (() => void) | null = null;
  private position: Position = ORIGIN;
  /**
   * The fan-out checkpoint as this dispatcher last wrote or read it: behind `position` after batches that recorded
   * nothing, whose move is put off (`idle`) rather than written a statement each.
   */
  private stored: Position = ORIGIN;
  private readonly idle = new IdleCheckpointMoves();
  /** The newest position appended in this process, or told of by the bus. */
  private appended: Position = ORIGIN;
  /** The subscriptions as of the fan-out's checkpoint, while no other dispatcher has moved it. */
  private known: KnownSubscriptions | null = null;
  lastError: string | null = null;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly db: Kysely<any>,
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    private readonly options: DispatcherOptions,
  ) {}

  async start(): Promise<void> {
    this.position = (await loadCheckpoint(this.db, FAN_OUT_CHECKPOINT))?.position ?? ORIGIN;
    this.stored = this.position;
    this.running = true;
    this.stopWatchingAppends = this.store.onAppended((position) => this.heardOf(position));
    this.loops = [
      this.loop(
        "fan-out",
        () => this.fanOut(),
        this.fanOutSignal,
        () => this.idle.dueInMs,
      ),
      this.loop("send", () => this.sendDue(), this.sendSignal),
    ];
    if (this.bus) {
      this.stopHearing = this.bus.onPublished((position) => this.heardOf(position));
      // Earlier versions followed the bus with a durable consumer: nothing reads it any more.
      const durable = this.options.durable ?? "webhooks";
      void this.bus.retireConsumers([durable]).catch((error: unknown) => this.options.log?.("could not retire an old consumer", { error: String(error) }));
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopWatchingAppends?.();
    this.fanOutSignal.notify();
    this.sendSignal.notify();
    this.stopHearing?.();
    await Promise.all(this.loops);
    await this.writeIdle(true).catch(() => {});
  }

  /** Looks for due deliveries now (a replay or a test event was just queued). */
  wake(): void {
    this.sendSignal.notify();
  }

  /** An append here or elsewhere: the fan-out has more to read. Already heard of, it woke the fan-out then. */
  private heardOf(position: Position) {
    if (comparePositions(position, this.appended) <= 0) return;
    this.appended = position;
    this.fanOutSignal.notify();
  }

  /** `soon`: how long at most to wait when idle, when sooner than the poll (null: the poll). */
  private async loop(name: string, step: () => Promise<boolean>, signal: Signal, soon: () => number | null = () => null) {
    let backoff = 250;
    while (this.running) {
      try {
        const busy = await step();
        this.lastError = null;
        backoff = 250;
        if (!busy) await signal.wait(soon() ?? this.options.pollMs ?? 1_000);
      } catch (error) {
        this.lastError = String(error);
        this.options.log?.(`webhook ${name} failed; retrying`, { error: this.lastError });
        await signal.wait(backoff);
        backoff = Math.min(backoff * 2, 5_000);
      }
    }
  }

  /**
   * Fans out the next batch. Says whether to look again at once: not after a short batch that reached everything
   * heard of (another read would find nothing), and not when nothing was readable yet.
   */
  private async fanOut(): Promise<boolean> {
    await this.writeIdle();
    const size = this.options.batchSize ?? 500;
    const events = await logReadOf(this.store, this.options.read)(this.position, size);
    if (events.length === 0) {
      // Heard of but not yet readable: an older transaction is still open. Look again shortly.
      if (comparePositions(this.position, this.appended) >= 0) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return true;
    }
    const result = await fanOutBatch(this.db, events, this.position, this.known);
    this.known = result.known;
    this.position = result.reached;
    if (result.stored) this.stored = result.reached;
    else this.idle.putOff();
    if (result.queued > 0) this.sendSignal.notify();
    return events.length >= size || comparePositions(this.position, this.appended) < 0;
  }

  /**
   * Writes the checkpoint move of the batches that recorded nothing, when due. Another dispatcher that moved it
   * meanwhile keeps its move, and what it recorded is no longer known here: the next batch reads both under the lease.
   */
  private async writeIdle(force = false): Promise<void> {
    const move = { name: FAN_OUT_CHECKPOINT, version: 0, from: this.stored, to: this.position };
    for (const { moved } of await this.idle.write(this.db, () => [move], force)) {
      if (moved) this.stored = move.to;
      else this.known = null;
    }
  }

  private async sendDue(): Promise<boolean> {
    const lease = this.options.timeoutMs + 30_000;
    const claimed = await claimDue(this.db, this.options.concurrency ?? 16, lease);
    if (claimed.length === 0) return false;
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return true;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { retryScheduleMs, timeoutMs, allowPrivateUrls } = this.options;
    let refused: string | null = null;
    try {
      await assertPublicUrl(delivery.url, allowPrivateUrls);
    } catch (error) {
      refused = error instanceof Error ? error.message : String(error);
    }
    const secrets = await activeSecrets(this.db, delivery.endpoint_id);
    const result = refused
      ? { status: null, latencyMs: 0, retryAfter: null, error: refused }
      : await sendOnce({ url: delivery.url, eventId: delivery.event_id, body: delivery.body, secrets, timeoutMs });
    const outcome = { responseCode: result.status, latencyMs: refused ? null : result.latencyMs, error: result.error };
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await recordAttempt(this.db, delivery, outcome, { kind: "delivered" });
      this.sendSignal.notify();
      return;
    }
    if (result.status === 410) {
      await recordAttempt(this.db, delivery, outcome, { kind: "failed" });
      await disableEndpoint(this.db, this.store, delivery.endpoint_id, "The receiver answered 410 Gone.");
      return;
    }
    const delay = nextDelayMs(retryScheduleMs, delivery.attempts, parseRetryAfter(result.retryAfter));
    if (delay === null) {
      await recordAttempt(this.db, delivery, outcome, { kind: "failed" });
      const reason = `Every attempt failed (${delivery.attempts} attempts); the last: ${result.error ?? "no answer"}.`;
      await disableEndpoint(this.db, this.store, delivery.endpoint_id, reason);
      return;
    }
    await recordAttempt(this.db, delivery, outcome, { kind: "retry", inMs: delay });
    // A retry due sooner than the next poll is looked for when it falls due.
    if (delay < (this.options.pollMs ?? 1_000)) setTimeout(() => this.sendSignal.notify(), delay).unref();
  }
}
