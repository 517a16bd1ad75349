import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { OutboxMail, OutboxStatus } from "@procure/contracts";
import { renderDigest } from "./mail-content.ts";
import { derivedUuid, messageIdOf } from "./mail-ids.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export type OutboxRow = {
  eventId: string;
  kind: string;
  recipient: string;
  userId: string | null;
  email: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  status: "pending" | "held" | "skipped";
  digestAt: Date | null;
};

const iso = (date: Date) => date.toISOString();

/** Writes a batch's mails, inside the transaction that moves the notifier's checkpoint. */
export async function insertOutbox(trx: Transaction<unknown>, rows: readonly OutboxRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: OutboxRow) => T) => rows.map(pick);
  await sql`insert into notification_outbox (id, event_id, kind, recipient, user_id, email, subject, text_body, html_body, message_id,
      status, digest_at, next_attempt_at, created_at)
    select id, event_id, kind, recipient, user_id, email, subject, text_body, html_body, message_id, status, digest_at,
      ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
    from unnest(${col(() => randomUUID())}::uuid[], ${col((r) => r.eventId)}::uuid[], ${col((r) => r.kind)}::text[],
      ${col((r) => r.recipient)}::text[], ${col((r) => r.userId)}::uuid[], ${col((r) => r.email)}::text[], ${col((r) => r.subject)}::text[],
      ${col((r) => r.text)}::text[], ${col((r) => r.html)}::text[], ${col((r) => r.messageId)}::text[], ${col((r) => r.status)}::text[],
      ${col((r) => (r.digestAt ? iso(r.digestAt) : null))}::timestamptz[])
      as t(id, event_id, kind, recipient, user_id, email, subject, text_body, html_body, message_id, status, digest_at)
    on conflict do nothing`.execute(trx);
}

export type ClaimedMail = {
  id: string;
  user_id: string | null;
  email: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  attempts: number;
  /** The recipient's preference version as the notifier knows it: the unsubscribe link is made for it. */
  preference_version: number;
};

/**
 * Takes up to `limit` due mails for `leaseMs`. Rows another notifier is claiming are skipped (SKIP LOCKED), and the
 * lease, not an open transaction, covers the SMTP conversation: a notifier that dies mid-send leaves the mail to be
 * sent again, with the same Message-ID, once the lease ends.
 */
export async function claimDueMails(db: AnyDb, { limit, leaseMs, now }: { limit: number; leaseMs: number; now: Date }): Promise<ClaimedMail[]> {
  const { rows } = await sql<ClaimedMail>`with due as (
      select id from notification_outbox
      where status = 'pending' and next_attempt_at <= ${iso(now)}::timestamptz
        and (locked_until is null or locked_until < ${iso(now)}::timestamptz)
      order by next_attempt_at, created_at
      limit ${limit}
      for update skip locked)
    update notification_outbox o set locked_until = ${iso(new Date(now.getTime() + leaseMs))}::timestamptz, attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id::text as id, o.user_id::text as user_id, o.email, o.subject, o.text_body, o.html_body, o.message_id, o.attempts,
      coalesce((select p.version from notifier_preferences p where p.user_id = o.user_id), 0) as preference_version`.execute(db);
  return rows;
}

export type SendResult = { kind: "sent" } | { kind: "retry"; inMs: number; error: string } | { kind: "failed"; error: string };

/**
 * Records a round of attempts: the sent mails in one statement, since at a busy hour nearly all are, and each
 * retry or failure with its own error and time.
 */
export async function recordSends(db: AnyDb, results: readonly { id: string; result: SendResult }[], now: Date): Promise<void> {
  const sent = results.filter(({ result }) => result.kind === "sent").map(({ id }) => id);
  if (sent.length > 0) {
    await sql`update notification_outbox set status = 'sent', sent_at = ${iso(now)}::timestamptz, locked_until = null, next_attempt_at = null
      where id = any(${sent}::uuid[]) and status = 'pending'`.execute(db);
  }
  for (const { id, result } of results) {
    if (result.kind === "retry") {
      await sql`update notification_outbox set locked_until = null, last_error = ${result.error},
          next_attempt_at = ${iso(new Date(now.getTime() + result.inMs))}::timestamptz
        where id = ${id}::uuid and status = 'pending'`.execute(db);
    } else if (result.kind === "failed") {
      await sql`update notification_outbox set status = 'failed', locked_until = null, next_attempt_at = null, last_error = ${result.error}
        where id = ${id}::uuid and status = 'pending'`.execute(db);
    }
  }
}

type Held = { id: string; email: string; subject: string; text_body: string };

/**
 * Gathers the held mails of each user whose summary time has come into one digest mail, pending like any other.
 * Each user's rows are taken under row locks, so two notifiers never make two digests of the same mails. A user
 * who turned e-mail off since gets none.
 */
export async function gatherDigests(db: AnyDb, { now, domain }: { now: Date; domain: string }): Promise<number> {
  const { rows: due } = await sql<{ user_id: string; digest_at: Date }>`select distinct user_id::text as user_id, digest_at
    from notification_outbox where status = 'held' and digest_at <= ${iso(now)}::timestamptz limit 50`.execute(db);
  let made = 0;
  for (const { user_id, digest_at } of due) {
    made += await db.transaction().execute(async (trx) => {
      const { rows: held } = await sql<Held>`select id::text as id, email, subject, text_body from notification_outbox
        where status = 'held' and user_id = ${user_id}::uuid and digest_at = ${digest_at}
        order by created_at, id for update skip locked`.execute(trx);
      if (held.length === 0) return 0;
      const ids = held.map((h) => h.id);
      const { rows: preference } = await sql<{ email: string }>`select email from notifier_preferences where user_id = ${user_id}::uuid`.execute(trx);
      if (preference[0]?.email === "off") {
        await sql`update notification_outbox set status = 'skipped' where id = any(${ids}::uuid[])`.execute(trx);
        return 0;
      }
      const content = renderDigest(held.map((h) => ({ subject: h.subject, text: h.text_body })));
      const digestId = derivedUuid("digest", user_id, held[0]!.id);
      await sql`insert into notification_outbox (id, kind, recipient, user_id, email, subject, text_body, html_body, message_id, status,
          next_attempt_at, created_at)
        values (${digestId}::uuid, 'digest', ${user_id}, ${user_id}::uuid, ${held.at(-1)!.email}, ${content.subject}, ${content.text},
          ${content.html}, ${messageIdOf(domain, "digest", user_id, held[0]!.id)}, 'pending', ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        on conflict do nothing`.execute(trx);
      await sql`update notification_outbox set status = 'digested', digest_id = ${digestId}::uuid where id = any(${ids}::uuid[])`.execute(trx);
      return 1;
    });
  }
  return made;
}

const listColumns = sql`id::text as id, kind, email as recipient, subject, status, attempts, last_error, message_id,
  created_at, next_attempt_at, sent_at`;

type ListedRow = Omit<OutboxMail, "created_at" | "next_attempt_at" | "sent_at"> & {
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  sent_at: Date | string | null;
};

const toMail = (row: ListedRow): OutboxMail => {
  const at = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return { ...row, created_at: at(row.created_at)!, next_attempt_at: at(row.next_attempt_at), sent_at: at(row.sent_at) };
};

/** The most recent mails, newest first. */
export async function listOutbox(db: AnyDb, { status, limit }: { status?: OutboxStatus; limit: number }): Promise<OutboxMail[]> {
  const filter = status ? sql`where status = ${status}` : sql``;
  const { rows } = await sql<ListedRow>`select ${listColumns} from notification_outbox ${filter} order by created_at desc, id limit ${limit}`.execute(db);
  return rows.map(toMail);
}

export async function getOutboxMail(db: AnyDb, id: string): Promise<OutboxMail | null> {
  const { rows } = await sql<ListedRow>`select ${listColumns} from notification_outbox where id = ${id}::uuid`.execute(db);
  return rows[0] ? toMail(rows[0]) : null;
}

/** Sends a failed mail again from the start of the schedule; says whether there was a failed mail to send. */
export async function retryMail(db: AnyDb, id: string, now: Date): Promise<boolean> {
  const { rows } = await sql`update notification_outbox set status = 'pending', attempts = 0, next_attempt_at = ${iso(now)}::timestamptz, locked_until = null
    where id = ${id}::uuid and status = 'failed' returning id`.execute(db);
  return rows.length > 0;
}
