import { cacheKeys, normalizeRole, type ApprovalStage, type Role, type StoredEvent } from "@procure/contracts";
import { sql, type Kysely } from "kysely";
import type { Database } from "../tables.ts";
import type { Projection, Touch } from "../projection.ts";
import { addItems, clearSeen, refillMember, removeItems, type At } from "./inbox-items.ts";
import { whoActsOnOrders, whoMayDecide, type Member } from "./stage-deciders.ts";

type FollowedRequest = { request_id: string; requester_id: string; title: string; status: string; route: Role[]; stage_index: number | null; version: number };

const requestIdOf = (event: StoredEvent) => (event.data as { request_id: string }).request_id;
const orderKind = (status: string) => (status === "draft" ? "issue-order" : status === "issued" || status === "receiving" ? "receive-order" : null);

/**
 * A personal inbox: one row per thing waiting for one user. Requests at a stage the user may decide, their own
 * requests changed by someone else until they look, and for those who act on orders, approved requests without
 * an order and orders to issue or receive. Each event is applied with a few set-based statements; the requests
 * and orders it follows carry their stream version, so an event applied twice changes nothing.
 */
export const inboxProjection: Projection = {
  name: "inbox",
  version: 2,
  tables: ["rm_inbox_requests", "rm_inbox_orders", "rm_inbox_items"],
  reads: ["users"],
  handles: [
    "RequestCreated",
    "RequestStageApproved",
    "RequestApproved",
    "RequestDenied",
    "RequestCommented",
    "RequestLinkedToOrder",
    "RequestUnlinkedFromOrder",
    "RequestEdited",
    "RequestWithdrawn",
    "RequestResubmitted",
    "PurchaseOrderSaved",
    "PurchaseOrderDeleted",
    "UserRegistered",
    "UserRoleChanged",
    "UserDeactivated",
    "UserReactivated",
    "UserSawRequests",
  ],
  async apply(db, events, context) {
    await context?.flush?.();
    const members = await loadMembers(db);
    const touched = new Set<string>();
    for (const event of events) for (const userId of await applyOne(db, event, members)) touched.add(userId);
    if (touched.size === 0) return [];
    return [{ keys: [cacheKeys.inbox()], audience: { userIds: [...touched] } }] satisfies Touch[];
  },
};

async function loadMembers(db: Kysely<Database>): Promise<Map<string, Member>> {
  const rows = await db.selectFrom("rm_users").select(["id", "role", "active"]).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, role: normalizeRole(r.role), active: r.active }]));
}

/** Applies one event; answers the users whose inbox it changed. */
async function applyOne(db: Kysely<Database>, event: StoredEvent, members: Map<string, Member>): Promise<string[]> {
  const at: At = { since: event.recorded_at, position: event.global_position };
  switch (event.type) {
    case "UserRegistered":
    case "UserRoleChanged":
    case "UserDeactivated":
    case "UserReactivated": {
      const member = members.get(event.data.user_id);
      if (!member) return [];
      await refillMember(db, member, at);
      return [member.id];
    }
    case "UserSawRequests":
      return (await clearSeen(db, event.data.user_id, event.data.request_ids, event.global_position)) ? [event.data.user_id] : [];
    case "PurchaseOrderSaved":
    case "PurchaseOrderDeleted":
      return applyOrder(db, event, members, at);
    default:
      return applyRequest(db, event, members, at);
  }
}

async function applyOrder(
  db: Kysely<Database>,
  event: StoredEvent<"PurchaseOrderSaved" | "PurchaseOrderDeleted">,
  members: Map<string, Member>,
  at: At,
): Promise<string[]> {
  const id = event.data.order_id;
  const saved = event.type === "PurchaseOrderSaved" ? event.data : null;
  const title = saved ? `${saved.po_number} · ${saved.vendor_name}` : event.data.po_number;
  const { rows } = await sql<{ order_id: string }>`insert into rm_inbox_orders (order_id, title, status, version)
    values (${id}::uuid, ${title}, ${saved?.status ?? "deleted"}, ${event.stream_version})
    on conflict (order_id) do update set title = excluded.title, status = excluded.status, version = excluded.version
      where rm_inbox_orders.version < excluded.version
    returning order_id`.execute(db);
  if (rows.length === 0) return [];
  const removed = await removeItems(db, ["issue-order", "receive-order"], id);
  const kind = saved ? orderKind(saved.status) : null;
  const added = kind ? await addItems(db, whoActsOnOrders(members.values()), kind, id, title, at) : [];
  return [...removed, ...added];
}

async function applyRequest(db: Kysely<Database>, event: StoredEvent, members: Map<string, Member>, at: At): Promise<string[]> {
  const id = requestIdOf(event);
  if (event.type === "RequestCreated") {
    const d = event.data;
    const row: FollowedRequest = { request_id: id, requester_id: d.requester_id, ...routed(d), status: "pending", version: event.stream_version };
    const { rows } = await sql<{ request_id: string }>`insert into rm_inbox_requests (request_id, requester_id, title, status, route, stage_index, version)
      values (${id}::uuid, ${row.requester_id}::uuid, ${row.title}, 'pending', ${JSON.stringify(row.route)}::jsonb, ${row.stage_index}, ${row.version})
      on conflict (request_id) do nothing returning request_id`.execute(db);
    return rows.length === 0 ? [] : addItems(db, decidersFor(row, members), "decide", id, row.title, at);
  }
  const found = await db.selectFrom("rm_inbox_requests").selectAll().where("request_id", "=", id).executeTakeFirst();
  if (!found || found.version >= event.stream_version) return [];
  const before = { ...found, route: found.route as unknown as Role[] } as FollowedRequest;
  const after = evolveRequest(before, event);
  await db
    .updateTable("rm_inbox_requests")
    .set({
      title: after.title,
      status: after.status,
      route: JSON.stringify(after.route),
      stage_index: after.stage_index,
      order_id: orderOf(event, found.order_id),
      version: event.stream_version,
    })
    .where("request_id", "=", id)
    .execute();

  const changed: string[] = [];
  // An edit routes the request again from its first stage, even when that stage is the one waiting before.
  const rerouted = event.type === "RequestEdited" || event.type === "RequestResubmitted";
  if (rerouted || after.status !== before.status || after.stage_index !== before.stage_index) {
    changed.push(...(await removeItems(db, ["decide"], id)));
    if (after.status === "pending") changed.push(...(await addItems(db, decidersFor(after, members), "decide", id, after.title, at)));
    if (after.status === "approved" && !found.order_id)
      changed.push(...(await addItems(db, whoActsOnOrders(members.values()), "create-order", id, after.title, at)));
  }
  if (event.type === "RequestLinkedToOrder") changed.push(...(await removeItems(db, ["create-order"], id)));
  if (event.type === "RequestUnlinkedFromOrder" && after.status === "approved") {
    changed.push(...(await addItems(db, whoActsOnOrders(members.values()), "create-order", id, after.title, at)));
  }
  // The requester hears of what others did to their request; their own comments are nothing new to them.
  if (event.metadata.actor_id !== before.requester_id) changed.push(...(await addItems(db, [before.requester_id], "changed", id, after.title, at)));
  return changed;
}

function evolveRequest(row: FollowedRequest, event: StoredEvent): FollowedRequest {
  switch (event.type) {
    case "RequestStageApproved": {
      const next = event.data.stage_index + 1;
      if (row.status !== "pending") return row;
      // The last stage's approval is the request's: RequestApproved follows in the same append.
      return next < row.route.length ? { ...row, stage_index: next } : { ...row, status: "approved", stage_index: null };
    }
    case "RequestApproved":
      return { ...row, status: "approved", stage_index: null };
    case "RequestDenied":
      return { ...row, status: "denied", stage_index: null };
    case "RequestWithdrawn":
      return row.status === "pending" ? { ...row, status: "withdrawn", stage_index: null } : row;
    case "RequestEdited":
    case "RequestResubmitted":
      return { ...row, ...routed(event.data), status: "pending" };
    default:
      return row;
  }
}

/** The title and the route as raised, edited or resubmitted, with the first stage that waits. */
function routed(d: { title: string; stages: ApprovalStage[] }): Pick<FollowedRequest, "title" | "route" | "stage_index"> {
  const waiting = d.stages.findIndex((s) => s.status === "waiting");
  return { title: d.title, route: d.stages.map((s) => s.role), stage_index: waiting === -1 ? null : waiting };
}

function orderOf(event: StoredEvent, current: string | null): string | null {
  if (event.type === "RequestLinkedToOrder") return event.data.order_id;
  if (event.type === "RequestUnlinkedFromOrder") return null;
  return current;
}

function decidersFor(row: FollowedRequest, members: Map<string, Member>): string[] {
  const stageRole = row.stage_index === null ? null : (row.route[row.stage_index] ?? null);
  return whoMayDecide(members.values(), { requesterId: row.requester_id, stageRole });
}
