import { sql, type Kysely, type RawBuilder } from "kysely";
import type { InboxItemKind } from "@procure/contracts";
import type { Database } from "../tables.ts";
import { unnestRows, write, type ColumnTypes } from "../batch.ts";
import type { ApplyContext } from "../projection.ts";
import { actsOnOrders, decidableStages, type Member } from "./stage-deciders.ts";

/** When and where in the log an item came to wait: `position` lets a later "seen" clear only what came before it. */
export type At = { since: string; position: string };

/** One thing waiting for one user, as written. */
export type ItemRow = { user_id: string; kind: InboxItemKind; subject_id: string; title: string; since: string; position: string };

const itemTypes: ColumnTypes<ItemRow> = { user_id: "uuid", kind: "text", subject_id: "uuid", title: "text", since: "timestamptz", position: "bigint" };

const userIdsOf = (rows: readonly { user_id: string }[]) => rows.map((r) => r.user_id);

/**
 * Makes the items that follow from these subjects' state (all but "changed") exactly `desired`, each dated from the
 * subject's last change of state: the others of the `cleared` subjects go (a subject that is new in the batch has
 * none to clear). The upsert may be held for the batch's other writes. Answers the users whose inbox changed.
 */
export async function setDerivedItems(
  db: Kysely<Database>,
  { cleared, desired }: { cleared: readonly string[]; desired: readonly ItemRow[] },
  context?: ApplyContext,
): Promise<string[]> {
  const gone =
    cleared.length === 0
      ? []
      : (
          await sql<{ user_id: string }>`delete from rm_inbox_items as item
            where item.subject_id = any(${[...cleared]}::uuid[]) and item.kind <> 'changed'
              and not exists (select 1 from ${unnestRows(desired, itemTypes, "d")} where d.user_id = item.user_id and d.kind = item.kind and d.subject_id = item.subject_id)
            returning item.user_id`.execute(db)
        ).rows;
  if (desired.length > 0) await write(db, "rm_inbox_items", upsertItems(desired), context);
  return [...userIdsOf(gone), ...userIdsOf(desired)];
}

/** Requesters' own requests changed by someone else: the item is made or renewed with the change's time. */
export async function renewChanges(db: Kysely<Database>, changes: readonly ItemRow[], context?: ApplyContext): Promise<string[]> {
  if (changes.length === 0) return [];
  await write(db, "rm_inbox_items", upsertItems(changes), context);
  return changes.map((c) => c.user_id);
}

const upsertItems = (rows: readonly ItemRow[]) => sql`insert into rm_inbox_items (user_id, kind, subject_id, title, since, position)
  select * from ${unnestRows(rows, itemTypes)}
  on conflict (user_id, kind, subject_id) do update set title = excluded.title, since = excluded.since, position = excluded.position`;

/** Users saw their requests: changes recorded before each look leave the inbox, later ones stay. */
export async function clearSeen(db: Kysely<Database>, looks: readonly { user_id: string; subject_id: string; position: string }[]): Promise<string[]> {
  if (looks.length === 0) return [];
  const types = { user_id: "uuid", subject_id: "uuid", position: "bigint" };
  const { rows } = await sql<{ user_id: string }>`delete from rm_inbox_items as item using ${unnestRows(looks, types, "l")}
    where item.user_id = l.user_id and item.kind = 'changed' and item.subject_id = l.subject_id and item.position < l.position
    returning item.user_id`.execute(db);
  return userIdsOf(rows);
}

/**
 * Fills a member's inbox again from the requests and orders it follows, after their role or activity changed:
 * every item but their own requests' changes depends on those. Items they keep keep their time, so that applying
 * the same event again changes nothing.
 */
export async function refillMember(db: Kysely<Database>, member: Member, at: At): Promise<void> {
  const desired = desiredItems(member);
  await sql`delete from rm_inbox_items as item where item.user_id = ${member.id}::uuid and item.kind <> 'changed'
    and not exists (select 1 from (${desired}) as d where d.kind = item.kind and d.subject_id = item.subject_id)`.execute(db);
  await sql`insert into rm_inbox_items (user_id, kind, subject_id, title, since, position)
    select ${member.id}::uuid, d.kind, d.subject_id, d.title, ${at.since}::timestamptz, ${at.position}::bigint from (${desired}) as d
    on conflict (user_id, kind, subject_id) do nothing`.execute(db);
}

/** What waits for the member, as the requests and orders followed stand: kind, subject and title. */
function desiredItems(member: Member): RawBuilder<unknown> {
  const { stageRoles, ownRequests } = decidableStages(member);
  const roles = stageRoles.filter((r) => r !== null);
  const decide = sql`select 'decide' as kind, request_id as subject_id, title from rm_inbox_requests
    where ${stageRoles.length > 0} and status = 'pending'
      and (${ownRequests} or requester_id <> ${member.id}::uuid)
      and (route->>stage_index = any(${roles}::text[]) or (${stageRoles.includes(null)} and stage_index is null))`;
  const orders = actsOnOrders(member);
  return sql`${decide}
    union all
    select 'create-order', request_id, title from rm_inbox_requests where ${orders} and status = 'approved' and order_id is null
    union all
    select case when status = 'draft' then 'issue-order' else 'receive-order' end, order_id, title from rm_inbox_orders
    where ${orders} and status in ('draft', 'issued', 'receiving')`;
}
