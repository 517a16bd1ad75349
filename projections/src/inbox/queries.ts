import type { Kysely } from "kysely";
import { inboxBadge, inboxItemKinds, inboxItemsLimit, type InboxCounts, type InboxItem, type InboxItemKind } from "@procure/contracts";
import type { Database } from "../tables.ts";

/** What waits for the user, by kind, counted from their own rows. */
export async function readInbox(db: Kysely<Database>, userId: string, now: Date): Promise<InboxCounts> {
  const rows = await db
    .selectFrom("rm_inbox_items")
    .select(["kind", (eb) => eb.fn.countAll<string>().as("n")])
    .where("user_id", "=", userId)
    .groupBy("kind")
    .execute();
  const counts = Object.fromEntries(inboxItemKinds.map((kind) => [kind, 0])) as Record<InboxItemKind, number>;
  for (const row of rows) if (row.kind in counts) counts[row.kind as InboxItemKind] = Number(row.n);
  return { counts, badge: inboxBadge(counts), updatedAt: now.toISOString() };
}

/** The newest things waiting for the user, with a request's need-by date from the requests read model. */
export async function listInboxItems(db: Kysely<Database>, userId: string): Promise<InboxItem[]> {
  const rows = await db
    .selectFrom("rm_inbox_items as item")
    .leftJoin("rm_requests as request", "request.id", "item.subject_id")
    .select(["item.kind", "item.subject_id", "item.title", "item.since", "request.needed_by"])
    .where("item.user_id", "=", userId)
    .orderBy("item.since", "desc")
    .orderBy("item.subject_id")
    .limit(inboxItemsLimit)
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as InboxItemKind, since: new Date(r.since).toISOString(), needed_by: r.needed_by ?? null }));
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
