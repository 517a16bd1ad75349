import { describe, expect, it } from "vitest";
import type { DelegationCommand, NewEvent } from "@procure/contracts";
import { delegationDecider, initialDelegationState, type DelegationState } from "./approval-delegation.ts";
import { DomainError } from "./domain-error.ts";

const approver = { id: "00000000-0000-4000-8000-00000000000a", email: "a@example.com", role: "approver" as const, active: true };
const finance = { id: "00000000-0000-4000-8000-00000000000b", email: "b@example.com", role: "finance" as const, active: true };
const today = "2026-11-25";
const command = (over: Partial<Extract<DelegationCommand, { type: "DelegateApprovals" }>> = {}): DelegationCommand => ({
  type: "DelegateApprovals",
  delegator: approver,
  delegate: finance,
  delegate_gave: null,
  starts_on: today,
  ends_on: "2026-11-30",
  today,
  ...over,
});
const decide = (state: DelegationState, c: DelegationCommand) =>
  delegationDecider.decide(state, c, { actor: null, now: `${today}T10:00:00.000Z`, id: approver.id });
const kindOf = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return error instanceof DomainError ? error.kind : "error";
  }
};
const fold = (events: NewEvent[], state = initialDelegationState) => events.reduce(delegationDecider.evolve, state);

describe("approval delegation", () => {
  it("is given to someone else who is active, by someone who approves, for days not all past", () => {
    expect(decide(initialDelegationState, command()).map((e) => e.type)).toEqual(["ApprovalsDelegated"]);
    expect(kindOf(() => decide(initialDelegationState, command({ delegate: approver })))).toBe("invalid");
    expect(kindOf(() => decide(initialDelegationState, command({ delegate: { ...finance, active: false } })))).toBe("invalid");
    expect(kindOf(() => decide(initialDelegationState, command({ delegate: null })))).toBe("invalid");
    expect(kindOf(() => decide(initialDelegationState, command({ starts_on: "2026-11-01", ends_on: "2026-11-24" })))).toBe("invalid");
    expect(kindOf(() => decide(initialDelegationState, command({ delegator: { ...approver, role: "requester" } })))).toBe("forbidden");
  });

  it("is given only to someone who decides requests: never to a requester or a buyer", () => {
    for (const role of ["requester", "buyer"] as const)
      expect(kindOf(() => decide(initialDelegationState, command({ delegate: { ...finance, role } })))).toBe("invalid");
    for (const role of ["approver", "finance", "admin"] as const)
      expect(decide(initialDelegationState, command({ delegate: { ...finance, role } })).map((e) => e.type)).toEqual(["ApprovalsDelegated"]);
  });

  it("makes no chain, and the same delegation twice records nothing the second time", () => {
    expect(kindOf(() => decide(initialDelegationState, command({ delegate_gave: { starts_on: "2026-11-29", ends_on: "2026-12-03" } })))).toBe("conflict");
    expect(decide(initialDelegationState, command({ delegate_gave: { starts_on: "2026-12-01", ends_on: "2026-12-03" } }))).toHaveLength(1);
    const received = fold([
      {
        type: "DelegatedApprovalsReceived",
        data: {
          delegator_id: finance.id,
          delegator_email: finance.email,
          delegate_id: approver.id,
          delegate_email: approver.email,
          starts_on: today,
          ends_on: "2026-11-26",
        },
      },
    ]);
    expect(kindOf(() => decide(received, command()))).toBe("conflict");
    expect(decide(received, command({ starts_on: "2026-11-27" }))).toHaveLength(1);
    const given = fold(decide(initialDelegationState, command()));
    expect(decide(given, command())).toEqual([]);
    expect(decide(given, { type: "EndDelegation" }).map((e) => e.type)).toEqual(["ApprovalDelegationEnded"]);
  });
});
