import type { CreateWorkOrderBody, EventData, NewEvent, StoredEvent, WorkOrderCommand } from "@procure/contracts";
import { notFound } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

type WorkOrderStatus = EventData<"WorkOrderStatusChanged">["to_status"];

export type WorkOrderState = { exists: false } | { exists: true; id: string; status: WorkOrderStatus; ownerId: string | null };

export const initialWorkOrderState: WorkOrderState = { exists: false };
export const workOrderStreamId = (id: string) => `work-order-${id}`;

export function evolveWorkOrder(state: WorkOrderState, event: StoredEvent | NewEvent): WorkOrderState {
  if (event.type === "WorkOrderSubmitted") return { exists: true, id: event.data.work_order_id, status: "submitted", ownerId: null };
  if (!state.exists) return state;
  if (event.type === "WorkOrderAssigned") return { ...state, ownerId: event.data.owner_id };
  if (event.type === "WorkOrderStatusChanged") return { ...state, status: event.data.to_status };
  return state;
}

/** Digits and capitals without the look-alikes (0/O, 1/I/L, U), so an id read aloud or retyped survives. */
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A short readable id from random bytes the caller supplies (the decider stays pure). Uniqueness comes from the
 * event store: the id names a new stream appended at expected version 0, so a clash is a conflict to retry.
 */
export function workOrderCode(bytes: Uint8Array, length = 6): string {
  let code = "";
  for (let i = 0; i < length; i++) code += codeAlphabet[(bytes[i] ?? 0) % codeAlphabet.length];
  return code;
}

export function submitWorkOrder(id: string, body: CreateWorkOrderBody): NewEvent[] {
  return [
    {
      type: "WorkOrderSubmitted",
      data: {
        work_order_id: id,
        title: body.title,
        details: body.details,
        requester_name: body.requesterName,
        requester_email: body.requesterEmail,
        priority: body.priority,
        due_date: body.dueDate,
      },
    },
  ];
}

export type WorkOrderChange = {
  /** undefined: leave the owner; null: unassign. The caller has checked the owner may manage work orders. */
  owner?: { id: string; email: string } | null;
  status?: WorkOrderStatus;
  note?: string | null;
};

/** Triage: each real change is its own event on the work order's timeline; a repeat of the current value is none. */
export function updateWorkOrder(state: WorkOrderState, change: WorkOrderChange): NewEvent[] {
  if (!state.exists) throw notFound("Work order not found.");
  const events: NewEvent[] = [];
  if (change.owner !== undefined && (change.owner?.id ?? null) !== state.ownerId) {
    events.push({
      type: "WorkOrderAssigned",
      data: { work_order_id: state.id, owner_id: change.owner?.id ?? null, owner_email: change.owner?.email ?? null },
    });
  }
  if (change.status !== undefined && change.status !== state.status) {
    events.push({
      type: "WorkOrderStatusChanged",
      data: { work_order_id: state.id, from_status: state.status, to_status: change.status, note: change.note ?? null },
    });
  }
  return events;
}

export const workOrderDecider: StreamDecider<WorkOrderState, WorkOrderCommand> = {
  streamType: "work-order",
  streamId: workOrderStreamId,
  initialState: initialWorkOrderState,
  evolve: evolveWorkOrder,
  decide: (state, command, { id }) => (command.type === "SubmitWorkOrder" ? submitWorkOrder(id, command.work_order) : updateWorkOrder(state, command)),
};
