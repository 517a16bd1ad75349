import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { comparePositions, IdleCheckpointMoves, loadCheckpoint, logReadOf, ORIGIN, Signal, type Bus, type EventStore, type LogRead } from "@procure/eventstore";
import { messageDomainOf } from "./mail-ids.ts";
import { markMailSince, NOTIFIER_CHECKPOINT, notifyBatch, type MailSettings } from "./notify-batch.ts";
import { claimDueMails, gatherDigests, recordSend, type ClaimedMail, type SendResult } from "./outbox.ts";
import { DEFAULT_MAIL_RETRY_SCHEDULE_MS, retryDelayMs } from "./retry-schedule.ts";
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
  read?: LogRead;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

const LEASE_MS = 5 * 60_000;

/**
 * Tells people by e-mail what waits for them. Two loops, both keeping their state in Postgres: the fan-out follows
 * the log in order (woken by appends here and by the bus for other processes) and records an outbox row per event
 * and recipient; the sender gathers due summaries and claims due mails under a lease, so two notifiers never send
 * the same mail, and one that dies mid-send leaves it to be sent again with the same Message-ID.
 */
export class Notifier {
  private readonly fanOutSignal = new Signal();
  private readonly sendSignal = new Signal();
  private readonly idle = new IdleCheckpointMoves();
  private readonly transport: MailTransport;
  private readonly settings: MailSettings;
  private running = false;
  private loops: Promise<void>[] = [];
  private stopHearing: (() => void) | null = null;
  private stopWatchingAppends: (() => void) | null = null;
  private position: Position = ORIGIN;
  /** The checkpoint as last written or read: behind `position` after batches with nothing to record. */
  private stored: Position = ORIGIN;
  private appended: Position = ORIGIN;
  lastError: string | null = null;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly db: Kysely<any>,
    private readonly store: EventStore,
    private readonly bus: Bus | null,
    private readonly options: NotifierOptions,
  ) {
    this.transport = createMailTransport({ smtpUrl: options.smtpUrl, mailDir: options.mailDir });
    this.settings = { publicUrl: options.publicUrl, timeZone: options.timeZone, domain: messageDomainOf(options.publicUrl) };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async start(): Promise<void> {
    await markMailSince(this.db, this.now());
    this.position = (await loadCheckpoint(this.db, NOTIFIER_CHECKPOINT))?.position ?? ORIGIN;
    this.stored = this.position;
    this.running = true;
    this.stopWatchingAppends = this.store.onAppended((position) => this.heardOf(position));
    if (this.bus) this.stopHearing = this.bus.onPublished((position) => this.heardOf(position));
    this.loops = [
      this.loop(
        "fan-out",
        () => this.fanOut(),
        this.fanOutSignal,
        () => this.idle.dueInMs,
      ),
      this.loop("send", () => this.sendDue(), this.sendSignal),
    ];
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopWatchingAppends?.();
    this.stopHearing?.();
    this.fanOutSignal.notify();
    this.sendSignal.notify();
    await Promise.all(this.loops);
    await this.writeIdle(true).catch(() => {});
    this.transport.close();
  }

  /** Looks for due mails and summaries now (a retry was asked for, or the clock moved). */
  wake(): void {
    this.sendSignal.notify();
  }

  private heardOf(position: Position) {
    if (comparePositions(position, this.appended) <= 0) return;
    this.appended = position;
    this.fanOutSignal.notify();
  }

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
        this.options.log?.(`notifier ${name} failed; retrying`, { error: this.lastError });
        await signal.wait(backoff);
        backoff = Math.min(backoff * 2, 5_000);
      }
    }
  }

  /** Records the next batch's mails. Says whether to look again at once. */
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
    const result = await notifyBatch(this.db, events, this.settings, this.now());
    this.position = result.reached;
    if (result.stored) this.stored = result.reached;
    else this.idle.putOff();
    if (result.queued > 0) this.sendSignal.notify();
    return events.length >= size || comparePositions(this.position, this.appended) < 0;
  }

  private async writeIdle(force = false): Promise<void> {
    const move = { name: NOTIFIER_CHECKPOINT, version: 0, from: this.stored, to: this.position };
    for (const { moved } of await this.idle.write(this.db, () => [move], force)) if (moved) this.stored = move.to;
  }

  /** Gathers due summaries, then sends a round of due mails side by side. Says whether more may be due. */
  private async sendDue(): Promise<boolean> {
    const now = this.now();
    await gatherDigests(this.db, { now, domain: this.settings.domain });
    const limit = this.options.concurrency ?? 8;
    const claimed = await claimDueMails(this.db, { limit, leaseMs: LEASE_MS, now });
    await Promise.all(claimed.map((mail) => this.deliver(mail)));
    return claimed.length === limit;
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const result = await this.attempt(mail);
    await recordSend(this.db, mail.id, result, this.now());
    // A retry due sooner than the next poll is looked for when it falls due.
    if (result.kind === "retry" && result.inMs < (this.options.pollMs ?? 1_000)) setTimeout(() => this.sendSignal.notify(), result.inMs).unref();
  }

  private async attempt(mail: ClaimedMail): Promise<SendResult> {
    const unsubscribe = mail.user_id ? unsubscribeUrl(this.options.publicUrl, this.options.secret, mail.user_id) : null;
    try {
      const where = await this.transport.send({
        from: this.options.mailFrom,
        to: mail.email,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        messageId: mail.message_id,
        ...(unsubscribe ? { list: { unsubscribe: { url: unsubscribe, comment: "Turn off e-mail notifications" } } } : {}),
        headers: unsubscribe ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
      });
      if (where) this.options.log?.("mail written to a file (no SMTP_URL)", { path: where, to: mail.email, subject: mail.subject });
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
