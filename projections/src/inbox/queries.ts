import type { Kysely } from "kysely";
import { inboxBadge, inboxItemKinds, inboxItemsLimit, neededSoonLimit, type InboxCounts, type InboxItem, type InboxItemKind } from "@procure/contracts";
import type { Database } from "../tables.ts";

/**
 * The user's own items, and the requests to decide of those they stand in for today (`standInFor`, delegators'
 * ids from the user's own delegation stream), except the user's own requests. Delegations start and end with the
 * calendar, not with an event, so they are applied when the inbox is read rather than written into its rows.
 */
function itemsOf(db: Kysely<Database>, userId: string, standInFor: readonly string[]) {
  const base = db.selectFrom("rm_inbox_items as item");
  if (standInFor.length === 0) return base.where("item.user_id", "=", userId);
  return base.where((eb) =>
    eb.or([
      eb("item.user_id", "=", userId),
      eb.and([
        eb("item.user_id", "in", [...standInFor]),
        eb("item.kind", "=", "decide"),
        eb.not(eb.exists(eb.selectFrom("rm_inbox_requests as own").whereRef("own.request_id", "=", "item.subject_id").where("own.requester_id", "=", userId))),
      ]),
    ]),
  );
}

/**
 * What waits for the user, by kind. Their own items are counted as they are written (`rm_inbox_counts`), so the read
 * stays the same size however many wait. Standing in for others, the items are counted when read: a request that
 * several of them may decide counts once, and the user's own requests not at all.
 */
export async function readInbox(db: Kysely<Database>, userId: string, now: Date, standInFor: readonly string[] = []): Promise<InboxCounts> {
  const rows =
    standInFor.length === 0
      ? await db.selectFrom("rm_inbox_counts").select(["kind", "n"]).where("user_id", "=", userId).execute()
      : await itemsOf(db, userId, standInFor)
          .select(["item.kind", (eb) => eb.fn.count<string>("item.subject_id").distinct().as("n")])
          .groupBy("item.kind")
          .execute();
  const counts = Object.fromEntries(inboxItemKinds.map((kind) => [kind, 0])) as Record<InboxItemKind, number>;
  for (const row of rows) if (row.kind in counts) counts[row.kind as InboxItemKind] = Number(row.n);
  return { counts, badge: inboxBadge(counts), updatedAt: now.toISOString() };
}

/**
 * What waits for the user: first the pending requests needed soon (soonest first), which an approver must not miss
 * however many newer items came since, then the newest of the rest; each with a request's need-by date from the
 * requests read model. The first part starts from the few pending requests with a near need-by date, so neither part
 * reads more than a page of the user's items.
 */
export async function listInboxItems(db: Kysely<Database>, userId: string, now: Date, standInFor: readonly string[] = []): Promise<InboxItem[]> {
  const columns = ["item.kind", "item.subject_id", "item.title", "item.since", "request.needed_by"] as const;
  const neededSoon = await itemsOf(db, userId, standInFor)
    .innerJoin("rm_requests as request", "request.id", "item.subject_id")
    .where("request.status", "=", "pending")
    .where("request.needed_by", "<=", neededSoonLimit(now))
    .distinctOn(["request.needed_by", "item.subject_id", "item.kind"])
    .select(columns)
    .orderBy("request.needed_by")
    .orderBy("item.subject_id")
    .orderBy("item.kind")
    .limit(inboxItemsLimit)
    .execute();
  const newest = await itemsOf(db, userId, standInFor)
    .leftJoin("rm_requests as request", "request.id", "item.subject_id")
    .distinctOn(["item.since", "item.subject_id", "item.kind"])
    .select(columns)
    .orderBy("item.since", "desc")
    .orderBy("item.subject_id")
    .orderBy("item.kind")
    .limit(inboxItemsLimit)
    .execute();
  const listed = new Set<string>();
  const items: InboxItem[] = [];
  for (const r of [...neededSoon, ...newest]) {
    const key = `${r.kind}:${r.subject_id}`;
    if (listed.has(key)) continue;
    listed.add(key);
    items.push({ ...r, kind: r.kind as InboxItemKind, since: new Date(r.since).toISOString(), needed_by: r.needed_by ?? null });
  }
  return items.slice(0, inboxItemsLimit);
}

/** Which of these requests show the user a change they have not seen. */
export async function unseenChanges(db: Kysely<Database>, userId: string, requestIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom("rm_inbox_items")
    .select("subject_id")
    .where("user_id", "=", userId)
    .where("kind", "=", "changed")
    .where("subject_id", "in", [...requestIds])
    .execute();
  return rows.map((r) => r.subject_id);
}
