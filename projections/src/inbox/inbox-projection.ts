import { cacheKeys, normalizeRole, type ApprovalStage, type EventType, type Role, type StoredEvent } from "@procure/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../tables.ts";
import type { ApplyContext, Projection } from "../projection.ts";
import { clearSeen, refillMember, renewChanges, setDerivedItems, type ItemRow } from "./inbox-items.ts";
import { loadFollowed, saveFollowed, type FollowedOrder, type FollowedRequest } from "./followed.ts";
import { actingRoles, whoActsOnOrders, whoMayDecide, type Member } from "./stage-deciders.ts";

const requestEvents = [
  "RequestCreated",
  "RequestStageApproved",
  "RequestApproved",
  "RequestDenied",
  "RequestDecisionWithdrawn",
  "RequestCommented",
  "RequestLinkedToOrder",
  "RequestUnlinkedFromOrder",
  "RequestEdited",
  "RequestWithdrawn",
  "RequestResubmitted",
] as const satisfies readonly EventType[];
const orderEvents = ["PurchaseOrderSaved", "PurchaseOrderDeleted"] as const satisfies readonly EventType[];
/** What changes a member's role or whether they may sign in: their whole inbox is filled again. */
const memberEvents = new Set<EventType>(["UserRegistered", "UserRoleChanged", "UserDeactivated", "UserReactivated"]);

const isRequestEvent = (e: StoredEvent): e is StoredEvent<(typeof requestEvents)[number]> => (requestEvents as readonly string[]).includes(e.type);
const isOrderEvent = (e: StoredEvent): e is StoredEvent<(typeof orderEvents)[number]> => (orderEvents as readonly string[]).includes(e.type);
const at = (event: StoredEvent) => ({ since: event.recorded_at, position: event.global_position });

/**
 * A personal inbox: one row per thing waiting for one user. Requests at a stage the user may decide, their own
 * requests changed by someone else until they look, and for those who act on orders, approved requests without
 * an order and orders to issue or receive. A batch folds the requests and orders it touches in memory and writes
 * each kind of change with one statement; a member's role or activity change fills their inbox again from what the
 * projection follows. Followed records carry their stream version, so an event applied twice changes nothing.
 */
export const inboxProjection: Projection = {
  name: "inbox",
  version: 3,
  tables: ["rm_inbox_requests", "rm_inbox_orders", "rm_inbox_items", "rm_inbox_members", "rm_inbox_counts"],
  handles: [...requestEvents, ...orderEvents, ...memberEvents, "UserSawRequests"],
  async apply(db, events, context) {
    const members = await loadMembers(db, events);
    const touched = new Set<string>();
    let run: StoredEvent[] = [];
    for (const event of events) {
      if (!memberEvents.has(event.type)) {
        run.push(event);
        continue;
      }
      // What the run before it changed is written first: the refill reads it.
      for (const userId of await applyRun(db, run, members, context)) touched.add(userId);
      run = [];
      const member = await followMember(db, members, event);
      if (member) {
        await context?.flush?.();
        await refillMember(db, member, at(event));
        touched.add(member.id);
      }
    }
    for (const userId of await applyRun(db, run, members, context)) touched.add(userId);
    return touched.size === 0 ? [] : [{ keys: [cacheKeys.inbox()], audience: { userIds: [...touched] } }];
  },
};

type FollowedMember = Member & { version: number };

/** The members who may act on something, and those the batch's member events name (whose change it folds in). */
async function loadMembers(db: Kysely<Database>, events: readonly StoredEvent[]): Promise<Map<string, FollowedMember>> {
  const named = [...new Set(events.filter((e) => memberEvents.has(e.type)).map((e) => (e.data as { user_id: string }).user_id))];
  const rows = await db
    .selectFrom("rm_inbox_members")
    .selectAll()
    .where((eb) => {
      const acting = eb.and([eb("active", "=", true), eb("role", "in", actingRoles)]);
      return named.length > 0 ? eb.or([acting, eb("user_id", "in", named)]) : acting;
    })
    .execute();
  return new Map(rows.map((r) => [r.user_id, { id: r.user_id, role: normalizeRole(r.role), active: r.active, version: r.version }]));
}

/** Folds a member's role or activity change in; null when the event was applied before (or names nobody known). */
async function followMember(db: Kysely<Database>, members: Map<string, FollowedMember>, event: StoredEvent): Promise<FollowedMember | null> {
  const userId = (event.data as { user_id: string }).user_id;
  const before = members.get(userId);
  if (before && before.version >= event.stream_version) return null;
  let after: FollowedMember | null = null;
  if (event.type === "UserRegistered") after = { id: userId, role: event.data.role, active: true, version: event.stream_version };
  else if (!before) return null;
  else if (event.type === "UserRoleChanged") after = { ...before, role: event.data.role, version: event.stream_version };
  else if (event.type === "UserDeactivated" || event.type === "UserReactivated") {
    after = { ...before, active: event.type === "UserReactivated", version: event.stream_version };
  }
  if (!after) return null;
  members.set(userId, after);
  await db
    .insertInto("rm_inbox_members")
    .values({ user_id: userId, role: after.role, active: after.active, version: after.version })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ role: after.role, active: after.active, version: after.version }))
    .execute();
  return after;
}

/** Applies a run of request, order and "seen" events; answers the users whose inbox changed. */
async function applyRun(db: Kysely<Database>, run: StoredEvent[], members: Map<string, FollowedMember>, context?: ApplyContext): Promise<string[]> {
  if (run.length === 0) return [];
  const requestRun = run.filter(isRequestEvent);
  const orderRun = run.filter(isOrderEvent);
  // An earlier run's writes may still be held: this one reads what they wrote.
  await context?.flush?.();
  const { requests, orders } = await loadFollowed(db, requestRun, orderRun, context);
  // Items follow from a followed record: a subject the inbox did not follow yet has none to clear.
  const mayHaveItems = new Set([...requests.keys(), ...orders.keys()]);
  const savedRequests = new Map<string, FollowedRequest>();
  const changedRequests = new Map<string, FollowedRequest>();
  const changedOrders = new Map<string, FollowedOrder>();
  const lastAt = new Map<string, { since: string; position: string }>();
  const changes = new Map<string, ItemRow>();

  for (const event of requestRun) {
    const id = event.data.request_id;
    const before = requests.get(id);
    if (event.type === "RequestCreated") {
      if (before) continue;
      const d = event.data;
      const row: FollowedRequest = {
        request_id: id,
        requester_id: d.requester_id,
        ...routed(d),
        status: "pending",
        order_id: null,
        version: event.stream_version,
      };
      requests.set(id, row);
      savedRequests.set(id, row);
      changedRequests.set(id, row);
      lastAt.set(id, at(event));
      continue;
    }
    if (!before || before.version >= event.stream_version) continue;
    const after = { ...evolveRequest(before, event), version: event.stream_version };
    requests.set(id, after);
    savedRequests.set(id, after);
    // Derived items are dated from the request's last change of state; a comment changes none.
    if (stateOf(after) !== stateOf(before)) {
      changedRequests.set(id, after);
      lastAt.set(id, at(event));
    }
    // The requester hears of what others did to their request; their own edits and comments are nothing new to them.
    if (event.metadata.actor_id !== before.requester_id) {
      changes.set(`${before.requester_id}:${id}`, { user_id: before.requester_id, kind: "changed", subject_id: id, title: after.title, ...at(event) });
    }
  }

  for (const event of orderRun) {
    const id = event.data.order_id;
    const before = orders.get(id);
    if (before && before.version >= event.stream_version) continue;
    const saved = event.type === "PurchaseOrderSaved" ? event.data : null;
    const row: FollowedOrder = {
      order_id: id,
      title: saved ? `${saved.po_number} · ${saved.vendor_name}` : event.data.po_number,
      status: saved?.status ?? "deleted",
      version: event.stream_version,
    };
    orders.set(id, row);
    changedOrders.set(id, row);
    lastAt.set(id, at(event));
  }

  await saveFollowed(db, [...savedRequests.values()], [...changedOrders.values()], context);
  const buyers = whoActsOnOrders(members.values());
  const desired: ItemRow[] = [];
  const item = (userIds: string[], kind: ItemRow["kind"], subject: string, title: string) =>
    desired.push(...userIds.map((user_id) => ({ user_id, kind, subject_id: subject, title, ...lastAt.get(subject)! })));
  for (const row of changedRequests.values()) {
    if (row.status === "pending") item(decidersFor(row, members), "decide", row.request_id, row.title);
    if (row.status === "approved" && !row.order_id) item(buyers, "create-order", row.request_id, row.title);
  }
  for (const row of changedOrders.values()) {
    const kind = row.status === "draft" ? "issue-order" : row.status === "issued" || row.status === "receiving" ? "receive-order" : null;
    if (kind) item(buyers, kind, row.order_id, row.title);
  }

  const looks = run.flatMap((e) =>
    e.type === "UserSawRequests" ? e.data.request_ids.map((subject_id) => ({ user_id: e.data.user_id, subject_id, position: e.global_position })) : [],
  );
  const subjects = [...changedRequests.keys(), ...changedOrders.keys()];
  const changedUsers = [
    ...(await setDerivedItems(db, { cleared: subjects.filter((id) => mayHaveItems.has(id)), desired }, context)),
    ...(await renewChanges(db, [...changes.values()], context)),
  ];
  if (looks.length === 0) return changedUsers;
  // After the changes: a look clears only what came before it in the log.
  await context?.flush?.();
  return [...changedUsers, ...(await clearSeen(db, looks))];
}

/** What derived items follow from: a comment leaves it as it was. */
const stateOf = (row: FollowedRequest) => JSON.stringify([row.title, row.status, row.route, row.stage_index, row.order_id]);

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
    case "RequestDecisionWithdrawn":
      return { ...row, status: "pending", stage_index: event.data.stage_index };
    case "RequestWithdrawn":
      return row.status === "pending" ? { ...row, status: "withdrawn", stage_index: null } : row;
    case "RequestEdited":
    case "RequestResubmitted":
      return { ...row, ...routed(event.data), status: "pending" };
    case "RequestLinkedToOrder":
      return { ...row, order_id: event.data.order_id };
    case "RequestUnlinkedFromOrder":
      return { ...row, order_id: null };
    default:
      return row;
  }
}

/** The title and the route as raised, edited or resubmitted, with the first stage that waits. */
function routed(d: { title: string; stages: ApprovalStage[] }): Pick<FollowedRequest, "title" | "route" | "stage_index"> {
  const waiting = d.stages.findIndex((s) => s.status === "waiting");
  return { title: d.title, route: d.stages.map((s) => s.role), stage_index: waiting === -1 ? null : waiting };
}

function decidersFor(row: FollowedRequest, members: Map<string, FollowedMember>): string[] {
  const stageRole: Role | null = row.stage_index === null ? null : (row.route[row.stage_index] ?? null);
  return whoMayDecide(members.values(), { requesterId: row.requester_id, stageRole });
}
