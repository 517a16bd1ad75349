import {
  approvalDelegationStreamId,
  can,
  mayTakeDelegatedApprovals,
  periodsOverlap,
  type DelegationCommand,
  type EventData,
  type NewEvent,
} from "@procure/contracts";
import { conflict, forbidden, invalid } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

type Delegated = EventData<"ApprovalsDelegated">;

/** One member's side of delegations: the one they gave (until it ended), and those they received and still hold. */
export type DelegationState = { given: Delegated | null; received: Delegated[] };

export const initialDelegationState: DelegationState = { given: null, received: [] };

function evolveDelegation(state: DelegationState, event: NewEvent): DelegationState {
  switch (event.type) {
    case "ApprovalsDelegated":
      return { ...state, given: event.data };
    case "ApprovalDelegationEnded":
      return { ...state, given: null };
    case "DelegatedApprovalsReceived":
      return { ...state, received: [...state.received.filter((d) => d.delegator_id !== event.data.delegator_id), event.data] };
    case "DelegatedApprovalsWithdrawn":
      return { ...state, received: state.received.filter((d) => d.delegator_id !== event.data.delegator_id) };
    default:
      return state;
  }
}

type Delegate = Extract<DelegationCommand, { type: "DelegateApprovals" }>;

/**
 * A delegation the delegator may give: to someone else who is active and decides requests (a requester could open
 * none of the requests handed over, a buyer decide none), for days not all past, by someone who decides approvals,
 * and never as a chain (the delegator stands in for nobody then, and the delegate has given theirs to nobody then).
 */
export function delegateApprovals(state: DelegationState, command: Delegate): NewEvent[] {
  const { delegator, delegate, delegate_gave: given, starts_on, ends_on, today } = command;
  if (!can(delegator.role, "requests:decide")) throw forbidden("Only members who approve requests can delegate their approvals.");
  if (!delegate || !delegate.active) throw invalid("Choose an active member to delegate to.");
  if (delegate.id === delegator.id) throw invalid("You cannot delegate your approvals to yourself.");
  if (!mayTakeDelegatedApprovals(delegate.role))
    throw invalid(`${delegate.email} is a ${delegate.role} and cannot decide requests; choose an approver, a finance member or an admin.`);
  if (ends_on < today) throw invalid("The last day has already passed.");
  const period = { starts_on, ends_on };
  const held = state.received.find((d) => d.ends_on >= today && periodsOverlap(d, period));
  if (held) throw conflict(`You stand in for ${held.delegator_email} in those days; a delegate cannot pass approvals on.`);
  if (given && given.ends_on >= today && periodsOverlap(given, period))
    throw conflict(`${delegate.email} has delegated their own approvals in those days; choose someone else.`);
  const data: Delegated = {
    delegator_id: delegator.id,
    delegator_email: delegator.email,
    delegate_id: delegate.id,
    delegate_email: delegate.email,
    starts_on,
    ends_on,
  };
  const same = state.given && JSON.stringify(state.given) === JSON.stringify(data);
  return same ? [] : [{ type: "ApprovalsDelegated", data }];
}

export const delegationDecider: StreamDecider<DelegationState, DelegationCommand> = {
  streamType: "user",
  streamId: approvalDelegationStreamId,
  initialState: initialDelegationState,
  evolve: evolveDelegation,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "DelegateApprovals":
        return delegateApprovals(state, command);
      case "ReceiveDelegatedApprovals": {
        const held = state.received.find((d) => d.delegator_id === command.delegation.delegator_id);
        return held && JSON.stringify(held) === JSON.stringify(command.delegation) ? [] : [{ type: "DelegatedApprovalsReceived", data: command.delegation }];
      }
      case "EndDelegation":
        return state.given ? [{ type: "ApprovalDelegationEnded", data: { delegator_id: id, delegate_id: state.given.delegate_id } }] : [];
      case "WithdrawDelegatedApprovals":
        return state.received.some((d) => d.delegator_id === command.delegator_id)
          ? [{ type: "DelegatedApprovalsWithdrawn", data: { delegator_id: command.delegator_id, delegate_id: id } }]
          : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown delegation command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
