import type { Kysely } from "kysely";
import { keepRunning, LogFollower, Signal, type Bus, type EventStore, type LogRead } from "@procure/eventstore";
import { messageDomainOf } from "./mail-ids.ts";
import { markMailSince, NOTIFIER_CHECKPOINT, notifyBatch, type MailSettings } from "./notify-batch.ts";
import { claimDueMails, gatherDigests, recordSends, type ClaimedMail, type SendResult } from "./outbox.ts";
import { DEFAULT_MAIL_RETRY_SCHEDULE_MS, retryDelayMs } from "./retry-schedule.ts";
import { PeopleCache } from "./people-cache.ts";
import { SendPace } from "./send-pace.ts";
import { createMailTransport, isPermanentFailure, type MailTransport } from "./transport.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

export type NotifierOptions = {
  /** The base of every link in a mail. */
  publicUrl: string;
  /** The From header, `Name <address>` or an address. */
  mailFrom: string;
  /** Unset: every mail is written as an .eml file under `mailDir`. */
  smtpUrl?: string;
  mailDir: string;
  /** Where daily summaries go out at 08:00 (an IANA zone). */
  timeZone: string;
  /** Signs the one-click unsubscribe links (a key derived from it). */
  secret: string;
  retryScheduleMs?: readonly number[];
  /** The notifier's clock: due times, leases and summary times all read it. */
  now?: () => Date;
  pollMs?: number;
  batchSize?: number;
  /** Mails sent at once. */
  concurrency?: number;
  /** Mails sent a second at most, by this notifier; 20 unless told. */
  sendPerSecond?: number;
  /** How long the mails one notifier took stay its own; five minutes unless told. */
  leaseMs?: number;
  read?: LogRead;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_CONCURRENCY = 16;
const DEFAULT_SEND_PER_SECOND = 20;
/**
 * A mail is read in minutes, a screen's refresh in milliseconds: the fan-out lets a burst of appends gather this long
 * into one batch rather than following the projections event by event on the same thread and database.
 */
const FAN_OUT_GATHER_MS = 250;

/**
 * Tells people by e-mail what waits for them. Two loops, both keeping their state in Postgres: the fan-out follows
 * the log in order (woken by appends here and by the bus for other processes) and records an outbox row per event
 * and recipient; the sender gathers due summaries and claims due mails under a lease, so two notifiers never send
 * the same mail, and one that dies mid-send leaves it to be sent again with the same Message-ID.
 */
export class Notifier {
  private readonly sendSignal = new Signal();
  private readonly transport: MailTransport;
  private readonly settings: MailSettings;
  /** When the workspace started to notify: read when this notifier starts, before its fan-out does. */
  private mailSince = Number.POSITIVE_INFINITY;
  private readonly fanOut: LogFollower;
  private readonly pace: SendPace;
  private backlogged = false;
  private readonly people = new PeopleCache();
  private running = false;
  private sendLoop: Promise<void> | null = null;
  private sendError: string | null = null;
  private digestsGatheredAt = Number.NEGATIVE_INFINITY;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly db: Kysely<any>,
    store: EventStore,
    bus: Bus | null,
    private readonly options: NotifierOptions,
  ) {
    this.transport = createMailTransport({ smtpUrl: options.smtpUrl, mailDir: options.mailDir });
    this.pace = new SendPace(options.sendPerSecond ?? DEFAULT_SEND_PER_SECOND, this.concurrency);
    this.settings = { publicUrl: options.publicUrl, timeZone: options.timeZone, domain: messageDomainOf(options.publicUrl) };
    this.fanOut = new LogFollower(db, store, bus, {
      name: "notifier fan-out",
      checkpoint: NOTIFIER_CHECKPOINT,
      read: options.read,
      batchSize: options.batchSize,
      pollMs: options.pollMs,
      gatherMs: FAN_OUT_GATHER_MS,
      log: options.log,
      batch: async (events) => {
        const result = await notifyBatch(this.db, events, { ...this.settings, mailSince: this.mailSince }, this.now(), this.people);
        if (result.queued > 0) this.sendSignal.notify();
        return result;
      },
    });
  }

  get lastError(): string | null {
    return this.fanOut.lastError ?? this.sendError;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async start(): Promise<void> {
    this.mailSince = await markMailSince(this.db, this.now());
    this.running = true;
    await this.fanOut.start();
    this.sendLoop = keepRunning({
      name: "notifier send",
      step: () => this.sendDue(),
      signal: this.sendSignal,
      running: () => this.running,
      idleMs: () => this.pollMs,
      onError: (error) => (this.sendError = error),
      log: this.options.log,
    });
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.sendSignal.notify();
    await this.fanOut.stop();
    await this.sendLoop;
    this.transport.close();
  }

  /** Looks for due mails and summaries now (a retry was asked for, or the clock moved). */
  wake(): void {
    this.sendSignal.notify();
  }

  /**
   * Gathers due summaries (at most once per poll: they fall due at a set hour), then sends a round of due mails side
   * by side, as many as the pace allows, and records them together. Says whether more may be due.
   */
  private async sendDue(): Promise<boolean> {
    const now = this.now();
    if (now.getTime() - this.digestsGatheredAt >= this.pollMs) {
      await gatherDigests(this.db, { now, domain: this.settings.domain });
      this.digestsGatheredAt = now.getTime();
    }
    // With mails waiting, a round waits until it may be full: a round of one mail would cost a claim and a record each.
    const available = this.pace.available();
    const wanted = this.backlogged ? this.concurrency : 1;
    if (available < wanted) {
      // Woken early by a stop, or by new mails (the round then waits on).
      await this.sendSignal.wait(this.pace.waitMs(wanted));
      return this.running;
    }
    const limit = Math.min(this.concurrency, available);
    const claimed = await claimDueMails(this.db, { limit, leaseMs: this.options.leaseMs ?? DEFAULT_LEASE_MS, now });
    this.pace.spend(claimed.length);
    this.backlogged = claimed.length === limit;
    const results = await Promise.all(claimed.map(async (mail) => ({ id: mail.id, result: await this.attempt(mail) })));
    await recordSends(this.db, results, this.now());
    // A retry due sooner than the next poll is looked for when it falls due.
    for (const { result } of results) {
      if (result.kind === "retry" && result.inMs < this.pollMs) setTimeout(() => this.sendSignal.notify(), result.inMs).unref();
    }
    return claimed.length === limit;
  }

  private get concurrency(): number {
    return this.options.concurrency ?? DEFAULT_CONCURRENCY;
  }

  private get pollMs(): number {
    return this.options.pollMs ?? 1_000;
  }

  private async attempt(mail: ClaimedMail): Promise<SendResult> {
    const unsubscribe = mail.user_id ? unsubscribeUrl(this.options.publicUrl, this.options.secret, mail.user_id, mail.preference_version) : null;
    try {
      await this.transport.send({
        from: this.options.mailFrom,
        to: mail.email,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        messageId: mail.message_id,
        ...(unsubscribe ? { list: { unsubscribe: { url: unsubscribe, comment: "Turn off e-mail notifications" } } } : {}),
        headers: unsubscribe ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
      });
      return { kind: "sent" };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPermanentFailure(error)) return { kind: "failed", error: message };
      const delay = retryDelayMs(this.options.retryScheduleMs ?? DEFAULT_MAIL_RETRY_SCHEDULE_MS, mail.attempts);
      if (delay === null) return { kind: "failed", error: `Every attempt failed (${mail.attempts}); the last: ${message}` };
      return { kind: "retry", inMs: delay, error: message };
    }
  }
}
