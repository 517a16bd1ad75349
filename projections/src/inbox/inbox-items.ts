import { sql, type Kysely, type RawBuilder } from "kysely";
import type { InboxItemKind } from "@procure/contracts";
import type { Database } from "../tables.ts";
import { actsOnOrders, decidableStages, type Member } from "./stage-deciders.ts";

/** When and where in the log an item came to wait: `position` lets a later "seen" clear only what came before it. */
export type At = { since: string; position: string };

/** Gives each user an item for the subject (or renews it); answers the users whose inbox changed. */
export async function addItems(
  db: Kysely<Database>,
  userIds: readonly string[],
  kind: InboxItemKind,
  subjectId: string,
  title: string,
  at: At,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  await sql`insert into rm_inbox_items (user_id, kind, subject_id, title, since, position)
    select u, ${kind}, ${subjectId}::uuid, ${title}, ${at.since}::timestamptz, ${at.position}::bigint from unnest(${[...userIds]}::uuid[]) as u
    on conflict (user_id, kind, subject_id) do update set title = excluded.title, since = excluded.since, position = excluded.position`.execute(db);
  return [...userIds];
}

/** Takes the subject's items of these kinds out of every inbox; answers the users whose inbox changed. */
export async function removeItems(db: Kysely<Database>, kinds: readonly InboxItemKind[], subjectId: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`delete from rm_inbox_items
    where subject_id = ${subjectId}::uuid and kind = any(${[...kinds]}::text[]) returning user_id`.execute(db);
  return rows.map((r) => r.user_id);
}

/** A user saw their requests: changes recorded before the look leave the inbox, later ones stay. */
export async function clearSeen(db: Kysely<Database>, userId: string, requestIds: readonly string[], seenAt: string): Promise<boolean> {
  const { rows } = await sql<{ user_id: string }>`delete from rm_inbox_items
    where user_id = ${userId}::uuid and kind = 'changed' and subject_id = any(${[...requestIds]}::uuid[]) and position < ${seenAt}::bigint
    returning user_id`.execute(db);
  return rows.length > 0;
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
