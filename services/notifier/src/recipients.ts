import { runsOn, type Role, type StoredEvent } from "@procure/contracts";
import type { Directory, DirectoryRequest, DirectoryUser, DirectoryWorkOrder } from "./directory.ts";

/** A user of the workspace (with preferences and an unsubscribe link), or someone known only by an address. */
export type Recipient = { userId: string | null; email: string };

export type Notice =
  | { kind: "decision-needed"; to: Recipient; request: DirectoryRequest; stageRole: Role | null }
  | { kind: "request-approved" | "request-denied"; to: Recipient; request: DirectoryRequest; comment: string | null }
  | { kind: "ready-for-po"; to: Recipient; request: DirectoryRequest }
  | { kind: "po-issued" | "po-received"; to: Recipient; request: DirectoryRequest; poNumber: string }
  | { kind: "work-order-status"; to: Recipient; workOrder: DirectoryWorkOrder; status: string; note: string | null }
  | { kind: "invitation"; to: Recipient; role: Role; invitedBy: string | null; memberId: string };

const asRecipient = (user: DirectoryUser): Recipient => ({ userId: user.id, email: user.email });

/**
 * A request routed to no stage may be decided by any decider, but is mailed to those the spec's default rule routes
 * to: mailing every role that may stand in would tell finance and admins of every small purchase.
 */
const unroutedStageRole: Role = "approver";

/**
 * Who is mailed that a request's stage waits on `day`: the members who hold the stage's role (admins, who may stand
 * in at every stage, only for a stage whose role is admin), never the requester. A decider whose delegation runs that
 * day is replaced by their delegate (an active member, never the requester), as the decision lets the delegate stand in.
 */
export function decidersOf(directory: Pick<Directory, "users" | "delegations">, request: DirectoryRequest, stageRole: Role | null, day: string): Recipient[] {
  const role = stageRole ?? unroutedStageRole;
  const deciders = [...directory.users.values()].filter((u) => u.role === role && u.id !== request.requester_id);
  return deciders.map((decider) => {
    const delegation = directory.delegations.get(decider.id);
    const delegate = delegation && runsOn(delegation, day) ? directory.users.get(delegation.delegate_id) : undefined;
    return asRecipient(delegate?.active && delegate.id !== request.requester_id ? delegate : decider);
  });
}

/** The stage that waits after `index` as routed (null: none, the request is approved with this stage). */
function stageAfter(request: DirectoryRequest, index: number): { role: Role } | null {
  return request.stages.find((stage, i) => i > index && stage.status === "waiting") ?? null;
}

const firstWaiting = (request: DirectoryRequest): Role | null => request.stages.find((stage) => stage.status === "waiting")?.role ?? null;

const requesterOf = (request: DirectoryRequest): Recipient => ({ userId: request.requester_id, email: request.requester_email });

/**
 * Who must hear of an event, decided on the directory as it stood before the event. The actor hears of nothing, and
 * neither does a deactivated member.
 */
export function noticesFor(event: StoredEvent, directory: Directory): Notice[] {
  const notices = allNoticesOf(event, directory);
  const actorId = event.metadata.actor_id;
  const actorEmail = event.metadata.actor_email?.toLowerCase() ?? null;
  const seen = new Set<string>();
  return notices.filter(({ to }) => {
    const key = to.userId ?? to.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    if (to.userId !== null && directory.users.get(to.userId)?.active === false) return false;
    return !(actorId !== null && to.userId === actorId) && !(actorEmail !== null && to.email.toLowerCase() === actorEmail);
  });
}

function allNoticesOf(event: StoredEvent, directory: Directory): Notice[] {
  const users = directory.users.values();
  const day = event.recorded_at.slice(0, 10);
  switch (event.type) {
    case "UserRegistered": {
      // A member an admin added learns of it and where to sign in; one who signed up already knows. The address is
      // the recipient (no preferences or unsubscribe link yet): the account cannot have chosen any.
      const { invited_by, email, role, user_id } = event.data;
      if (invited_by === null) return [];
      const invitedBy = directory.users.get(invited_by)?.email ?? event.metadata.actor_email ?? null;
      return [{ kind: "invitation", to: { userId: null, email }, role, invitedBy, memberId: user_id }];
    }
    case "RequestCreated": {
      const d = event.data;
      const request: DirectoryRequest = {
        id: d.request_id,
        title: d.title,
        amount: d.amount,
        requester_id: d.requester_id,
        requester_email: d.requester_email,
        stages: d.stages,
        needed_by: d.needed_by,
      };
      const stageRole = firstWaiting(request);
      return decidersOf(directory, request, stageRole, day).map((to) => ({ kind: "decision-needed", to, request, stageRole }));
    }
    case "RequestStageApproved": {
      const request = directory.requests.get(event.data.request_id);
      const next = request && stageAfter(request, event.data.stage_index);
      if (!request || !next) return [];
      return decidersOf(directory, request, next.role, day).map((to) => ({ kind: "decision-needed", to, request, stageRole: next.role }));
    }
    case "RequestApproved": {
      const request = directory.requests.get(event.data.request_id);
      if (!request) return [];
      const buyers = [...users].filter((u) => u.role === "buyer").map(asRecipient);
      return [
        { kind: "request-approved", to: requesterOf(request), request, comment: event.data.comment },
        ...buyers.map((to): Notice => ({ kind: "ready-for-po", to, request })),
      ];
    }
    case "RequestDenied": {
      const request = directory.requests.get(event.data.request_id);
      return request ? [{ kind: "request-denied", to: requesterOf(request), request, comment: event.data.comment }] : [];
    }
    case "PurchaseOrderSaved": {
      const d = event.data;
      const request = d.request_id ? directory.requests.get(d.request_id) : undefined;
      const before = directory.orderStatuses.get(d.order_id);
      if (!request || before === d.status) return [];
      if (d.status === "issued") return [{ kind: "po-issued", to: requesterOf(request), request, poNumber: d.po_number }];
      if (d.status === "received") return [{ kind: "po-received", to: requesterOf(request), request, poNumber: d.po_number }];
      return [];
    }
    case "WorkOrderStatusChanged": {
      const workOrder = directory.workOrders.get(event.data.work_order_id);
      if (!workOrder) return [];
      return [{ kind: "work-order-status", to: { userId: null, email: workOrder.email }, workOrder, status: event.data.to_status, note: event.data.note }];
    }
    default:
      return [];
  }
}
