import { sql, type Kysely } from "kysely";
import { defaultEmailPreference, type Position, type StoredEvent } from "@procure/contracts";
import { comparePositions, lockCheckpoints, ORIGIN, positionOf, quietTransactions, saveCheckpoint, type QuietTransaction } from "@procure/eventstore";
import { nextDigestAt } from "./digest-time.ts";
import { fold, loadDirectory, notifierEventTypes, saveDirectory, type Directory } from "./directory.ts";
import { linkOf, render } from "./mail-content.ts";
import { messageIdOf } from "./mail-ids.ts";
import { insertOutbox, type OutboxRow } from "./outbox.ts";
import { PeopleCache } from "./people-cache.ts";
import { noticesFor, type Notice } from "./recipients.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const NOTIFIER_CHECKPOINT = "notifier:fan-out";

export type MailSettings = { publicUrl: string; timeZone: string; domain: string };

/** What a batch goes by: the settings, and the moment the workspace started to notify (`markMailSince`). */
export type FanOutSettings = MailSettings & { mailSince: number };

/**
 * Marks the moment this workspace started to notify, once, and answers it (in ms): the notifier folds the log from
 * its start to know who is who, but tells nobody of what happened before it ran. The moment never changes once
 * marked, so a notifier reads it once, when it starts.
 */
export async function markMailSince(db: AnyDb, now: Date): Promise<number> {
  await sql`insert into notifier_state (id, mail_since) values (1, ${now.toISOString()}::timestamptz) on conflict (id) do nothing`.execute(db);
  const { rows } = await sql<{ mail_since: Date | string }>`select mail_since from notifier_state where id = 1`.execute(db);
  return new Date(rows[0]!.mail_since).getTime();
}

/** A notice as an outbox row, held or skipped as its recipient chose (a preference as of the event). */
function rowOf(event: StoredEvent, notice: Notice, directory: Directory, settings: MailSettings): OutboxRow {
  const recipient = notice.to.userId ?? notice.to.email.toLowerCase();
  const preference = (notice.to.userId && directory.preferences.get(notice.to.userId)) || defaultEmailPreference;
  const content = render(notice, linkOf(notice, settings.publicUrl), new Date(event.recorded_at));
  return {
    eventId: event.event_id,
    kind: notice.kind,
    recipient,
    userId: notice.to.userId,
    email: notice.to.email,
    ...content,
    messageId: messageIdOf(settings.domain, event.event_id, recipient),
    status: preference === "off" ? "skipped" : preference === "daily" ? "held" : "pending",
    digestAt: preference === "daily" ? nextDigestAt(new Date(event.recorded_at), settings.timeZone) : null,
  };
}

type NotifyResult = { reached: Position; queued: number; stored: boolean };

/**
 * Decides who hears of each event of a batch read after `from`, and records one outbox row per event and recipient
 * together with the notifier's checkpoint, under its lease: a second notifier waits, then starts where this one
 * stopped. A batch with nothing the notifier reads writes nothing: the caller moves the checkpoint later
 * (IdleCheckpointMoves), and a crash meanwhile only reads those events again.
 */
export async function notifyBatch(
  db: AnyDb,
  events: readonly StoredEvent[],
  settings: FanOutSettings,
  now: Date,
  people: PeopleCache = new PeopleCache(),
): Promise<NotifyResult> {
  const last = positionOf(events.at(-1)!);
  if (!events.some((e) => notifierEventTypes.has(e.type))) {
    people.passed(last);
    return { reached: last, queued: 0, stored: false };
  }
  // It appends no event, so readers of the log need not wait for it while it runs.
  const quiet: QuietTransaction = { xid: null };
  const batch = db.transaction().execute(async (trx) => {
    const after = (await lockCheckpoints(trx, [NOTIFIER_CHECKPOINT], { quiet })).get(NOTIFIER_CHECKPOINT)?.position ?? ORIGIN;
    if (comparePositions(last, after) <= 0) {
      people.forget();
      return { reached: after, queued: 0, stored: true };
    }
    const fresh = events.filter((e) => notifierEventTypes.has(e.type) && comparePositions(positionOf(e), after) > 0);
    const directory = await loadDirectory(trx, fresh, people.at(after));
    const noticed: { notice: Notice; row: OutboxRow }[] = [];
    for (const event of fresh) {
      if (Date.parse(event.recorded_at) >= settings.mailSince)
        noticed.push(...noticesFor(event, directory).map((notice) => ({ notice, row: rowOf(event, notice, directory, settings) })));
      fold(directory, event);
    }
    // A member imported as inactive is registered and deactivated in one append: an account that cannot sign in is not invited.
    const rows = noticed.filter(({ notice }) => notice.kind !== "invitation" || directory.users.get(notice.memberId)?.active !== false).map(({ row }) => row);
    await saveDirectory(trx, directory);
    await insertOutbox(trx, rows, now);
    await saveCheckpoint(trx, NOTIFIER_CHECKPOINT, last);
    return { reached: last, queued: rows.filter((r) => r.status === "pending").length, stored: true, directory };
  });
  try {
    const { directory, ...result } = await batch;
    if (directory) people.stored({ users: directory.users, preferences: directory.preferences, delegations: directory.delegations }, last);
    return result;
  } catch (error) {
    people.forget();
    throw error;
  } finally {
    quietTransactions.end(quiet);
  }
}
