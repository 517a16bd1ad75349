import { sql, type Transaction } from "kysely";
import { normalizeRole, type ApprovalStage, type EmailPreference, type Role, type StoredEvent } from "@procure/contracts";

export type DirectoryUser = { id: string; email: string; role: Role; active: boolean };
export type DirectoryRequest = {
  id: string;
  title: string;
  amount: number;
  requester_id: string;
  requester_email: string;
  /** The stages as routed when the request was made: the roles, and which of them wait for a decision. */
  stages: Pick<ApprovalStage, "role" | "status">[];
  /** The need-by date as last raised, edited or resubmitted; a mail about a request needed soon says so. */
  needed_by: string | null;
};
export type DirectoryWorkOrder = { id: string; title: string; email: string };
/** A delegation a decider gave, by the delegator's id: from the first to the last day, both included. */
export type DirectoryDelegation = { delegate_id: string; starts_on: string; ends_on: string };

/**
 * Who is who, as the notifier folds it from the log: the users and their preferences, and the records the batch
 * names. Changed entries are written back with the batch, in the transaction that moves the checkpoint.
 */
export type Directory = {
  users: Map<string, DirectoryUser>;
  preferences: Map<string, EmailPreference>;
  /** The version of each preference this batch set (its event's place on the user's preference stream). */
  preferenceVersions: Map<string, number>;
  requests: Map<string, DirectoryRequest>;
  workOrders: Map<string, DirectoryWorkOrder>;
  /** Each order's status, to tell an order that becomes issued or received from one saved again as it was. */
  orderStatuses: Map<string, string>;
  delegations: Map<string, DirectoryDelegation>;
  changed: Set<string>;
};

/** The events the notifier folds or tells someone of; every other event passes by. */
export const notifierEventTypes = new Set<string>([
  "UserRegistered",
  "UserRoleChanged",
  "UserDeactivated",
  "UserReactivated",
  "NotificationPreferenceSet",
  "RequestCreated",
  "RequestEdited",
  "RequestResubmitted",
  "RequestStageApproved",
  "RequestApproved",
  "RequestDenied",
  "PurchaseOrderSaved",
  "WorkOrderSubmitted",
  "WorkOrderStatusChanged",
  "ApprovalsDelegated",
  "ApprovalDelegationEnded",
]);

/** Folds one event into the directory (after its notices were decided on the state before it). */
export function fold(directory: Directory, event: StoredEvent): void {
  const mark = (key: string) => void directory.changed.add(key);
  switch (event.type) {
    case "UserRegistered":
      directory.users.set(event.data.user_id, { id: event.data.user_id, email: event.data.email, role: event.data.role, active: true });
      return mark(`user:${event.data.user_id}`);
    case "UserRoleChanged": {
      const user = directory.users.get(event.data.user_id);
      if (user) directory.users.set(user.id, { ...user, role: event.data.role });
      return mark(`user:${event.data.user_id}`);
    }
    case "UserDeactivated":
    case "UserReactivated": {
      const user = directory.users.get(event.data.user_id);
      if (user) directory.users.set(user.id, { ...user, active: event.type === "UserReactivated" });
      return mark(`user:${event.data.user_id}`);
    }
    case "NotificationPreferenceSet":
      directory.preferences.set(event.data.user_id, event.data.email);
      directory.preferenceVersions.set(event.data.user_id, event.stream_version);
      return mark(`preference:${event.data.user_id}`);
    case "RequestCreated": {
      const d = event.data;
      const stages = d.stages.map(({ role, status }) => ({ role, status }));
      directory.requests.set(d.request_id, {
        id: d.request_id,
        title: d.title,
        amount: d.amount,
        requester_id: d.requester_id,
        requester_email: d.requester_email,
        stages,
        needed_by: d.needed_by,
      });
      return mark(`request:${d.request_id}`);
    }
    case "RequestEdited":
    case "RequestResubmitted": {
      // Routed again: later stage indices name the new stages, and the subject the new title and date.
      const d = event.data;
      const before = directory.requests.get(d.request_id);
      if (!before) return;
      const stages = d.stages.map(({ role, status }) => ({ role, status }));
      directory.requests.set(d.request_id, { ...before, title: d.title, amount: d.amount, stages, needed_by: d.needed_by });
      return mark(`request:${d.request_id}`);
    }
    case "WorkOrderSubmitted":
      directory.workOrders.set(event.data.work_order_id, { id: event.data.work_order_id, title: event.data.title, email: event.data.requester_email });
      return mark(`work-order:${event.data.work_order_id}`);
    case "PurchaseOrderSaved":
      directory.orderStatuses.set(event.data.order_id, event.data.status);
      return mark(`order:${event.data.order_id}`);
    case "ApprovalsDelegated": {
      const { delegator_id, delegate_id, starts_on, ends_on } = event.data;
      directory.delegations.set(delegator_id, { delegate_id, starts_on, ends_on });
      return mark(`delegation:${delegator_id}`);
    }
    case "ApprovalDelegationEnded":
      directory.delegations.delete(event.data.delegator_id);
      return mark(`delegation:${event.data.delegator_id}`);
    default:
      return;
  }
}

/** Ids of the records a batch names, so only those rows are read. */
function namedIn(events: readonly StoredEvent[]) {
  const requests = new Set<string>();
  const workOrders = new Set<string>();
  const orders = new Set<string>();
  for (const event of events) {
    const d = event.data as { request_id?: string | null; work_order_id?: string; order_id?: string };
    if (d.request_id) requests.add(d.request_id);
    if (event.type.startsWith("WorkOrder") && d.work_order_id) workOrders.add(d.work_order_id);
    if (event.type === "PurchaseOrderSaved" && d.order_id) orders.add(d.order_id);
  }
  return { requests: [...requests], workOrders: [...workOrders], orders: [...orders] };
}

/** Who the people are: every user, their preferences and their delegations. Kept between batches (PeopleCache). */
export type People = Pick<Directory, "users" | "preferences" | "delegations">;

async function loadPeople(trx: Transaction<unknown>): Promise<People> {
  const users = await sql<DirectoryUser>`select id::text as id, email, role, active from notifier_users`.execute(trx);
  const preferences = await sql<{ user_id: string; email: EmailPreference }>`select user_id::text as user_id, email from notifier_preferences`.execute(trx);
  const delegations = await sql<DirectoryDelegation & { delegator_id: string }>`select delegator_id::text as delegator_id,
    delegate_id::text as delegate_id, starts_on, ends_on from notifier_delegations`.execute(trx);
  return {
    users: new Map(users.rows.map((u) => [u.id, { ...u, role: normalizeRole(u.role) }])),
    preferences: new Map(preferences.rows.map((p) => [p.user_id, p.email])),
    delegations: new Map(delegations.rows.map(({ delegator_id, ...d }) => [delegator_id, d])),
  };
}

/**
 * Reads the directory a batch needs: the people (unless `people` is what this notifier folded up to the batch's
 * start), and only the records the batch names.
 */
export async function loadDirectory(trx: Transaction<unknown>, events: readonly StoredEvent[], people?: People): Promise<Directory> {
  const named = namedIn(events);
  const none = { rows: [] };
  const requests =
    named.requests.length === 0
      ? none
      : await sql<DirectoryRequest>`select id::text as id, title, amount, requester_id, requester_email, stages, needed_by
          from notifier_requests where id = any(${named.requests}::uuid[])`.execute(trx);
  const workOrders =
    named.workOrders.length === 0
      ? none
      : await sql<DirectoryWorkOrder>`select id, title, email from notifier_work_orders where id = any(${named.workOrders}::text[])`.execute(trx);
  const orders =
    named.orders.length === 0
      ? none
      : await sql<{ id: string; status: string }>`select id::text as id, status from notifier_orders where id = any(${named.orders}::uuid[])`.execute(trx);
  return {
    ...(people ?? (await loadPeople(trx))),
    requests: new Map(requests.rows.map((r) => [r.id, { ...r, amount: Number(r.amount) }])),
    workOrders: new Map(workOrders.rows.map((w) => [w.id, w])),
    orderStatuses: new Map(orders.rows.map((o) => [o.id, o.status])),
    preferenceVersions: new Map(),
    changed: new Set(),
  };
}

/** The changed entries of one kind, by id. */
function changedOf(directory: Directory, kind: string): string[] {
  const prefix = `${kind}:`;
  return [...directory.changed].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}

/**
 * Writes back the entries the batch changed, one statement per kind: a busy minute creates hundreds of requests, and
 * a statement each would cost the database more than the mails they lead to.
 */
export async function saveDirectory(trx: Transaction<unknown>, directory: Directory): Promise<void> {
  const users = changedOf(directory, "user").flatMap((id) => directory.users.get(id) ?? []);
  if (users.length > 0) {
    await sql`insert into notifier_users (id, email, role, active)
      select * from unnest(${users.map((u) => u.id)}::uuid[], ${users.map((u) => u.email)}::text[], ${users.map((u) => u.role)}::text[],
        ${users.map((u) => u.active)}::boolean[])
      on conflict (id) do update set email = excluded.email, role = excluded.role, active = excluded.active`.execute(trx);
  }
  const preferences = changedOf(directory, "preference");
  if (preferences.length > 0) {
    // A replay writes an older version again: the version only moves forward.
    await sql`insert into notifier_preferences (user_id, email, version)
      select * from unnest(${preferences}::uuid[], ${preferences.map((id) => directory.preferences.get(id)!)}::text[],
        ${preferences.map((id) => directory.preferenceVersions.get(id) ?? 0)}::int[])
      on conflict (user_id) do update set email = excluded.email, version = greatest(notifier_preferences.version, excluded.version)`.execute(trx);
  }
  const requests = changedOf(directory, "request").map((id) => directory.requests.get(id)!);
  if (requests.length > 0) {
    await sql`insert into notifier_requests (id, title, amount, requester_id, requester_email, stages, needed_by)
      select id, title, amount, requester_id, requester_email, stages, needed_by
      from jsonb_to_recordset(${JSON.stringify(requests)}::jsonb) as r (id uuid, title text, amount double precision, requester_id text,
        requester_email text, stages jsonb, needed_by text)
      on conflict (id) do update set title = excluded.title, amount = excluded.amount, stages = excluded.stages, needed_by = excluded.needed_by`.execute(trx);
  }
  const workOrders = changedOf(directory, "work-order").map((id) => directory.workOrders.get(id)!);
  if (workOrders.length > 0) {
    await sql`insert into notifier_work_orders (id, title, email)
      select * from unnest(${workOrders.map((w) => w.id)}::text[], ${workOrders.map((w) => w.title)}::text[], ${workOrders.map((w) => w.email)}::text[])
      on conflict (id) do nothing`.execute(trx);
  }
  const delegators = changedOf(directory, "delegation");
  const ended = delegators.filter((id) => !directory.delegations.has(id));
  if (ended.length > 0) await sql`delete from notifier_delegations where delegator_id = any(${ended}::uuid[])`.execute(trx);
  const running = delegators.flatMap((id) => {
    const d = directory.delegations.get(id);
    return d ? [{ delegator_id: id, ...d }] : [];
  });
  if (running.length > 0) {
    await sql`insert into notifier_delegations (delegator_id, delegate_id, starts_on, ends_on)
      select delegator_id, delegate_id, starts_on, ends_on
      from jsonb_to_recordset(${JSON.stringify(running)}::jsonb) as d (delegator_id uuid, delegate_id uuid, starts_on text, ends_on text)
      on conflict (delegator_id) do update set delegate_id = excluded.delegate_id, starts_on = excluded.starts_on, ends_on = excluded.ends_on`.execute(trx);
  }
  const orders = changedOf(directory, "order");
  if (orders.length > 0) {
    await sql`insert into notifier_orders (id, status)
      select * from unnest(${orders}::uuid[], ${orders.map((id) => directory.orderStatuses.get(id)!)}::text[])
      on conflict (id) do update set status = excluded.status`.execute(trx);
  }
}
