import { describe, expect, it } from "vitest";
import type { NewEvent } from "@procure/contracts";
import type { Actor } from "./actor.ts";
import { DomainError } from "./domain-error.ts";
import { approveRequest, createRequest, denyRequest, evolveRequest, initialRequestState, stagesFor, type RequestState } from "./purchase-request.ts";

const requester: Actor = { id: "u-req", role: "requester", email: "req@example.com" };
const approver: Actor = { id: "u-app", role: "approver", email: "app@example.com" };
const finance: Actor = { id: "u-fin", role: "finance", email: "fin@example.com" };
const buyer: Actor = { id: "u-buy", role: "buyer", email: "buy@example.com" };
const admin: Actor = { id: "u-adm", role: "admin", email: "adm@example.com" };

function raised(stages: ("approver" | "finance")[] = []): RequestState {
  const events = createRequest({
    request_id: "00000000-0000-4000-8000-000000000001",
    title: "Desk",
    amount: 100,
    description: null,
    category_id: null,
    category_name: null,
    vendor_id: null,
    vendor_name: null,
    requester_id: requester.id,
    requester_email: requester.email,
    rule_id: stages.length ? "rule" : null,
    stages: stagesFor(stages),
  });
  return events.reduce(evolveRequest, initialRequestState);
}

const apply = (state: RequestState, events: NewEvent[]) => events.reduce(evolveRequest, state);
const kindOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.kind : "other";
  }
  return "none";
};

describe("deciding a purchase request", () => {
  it("lets any decider role approve an unrouted request in one step", () => {
    for (const actor of [approver, finance, admin]) {
      expect(approveRequest(raised(), actor, null).map((e) => e.type)).toEqual(["RequestApproved"]);
    }
  });

  it("refuses self-approval and roles that do not decide", () => {
    expect(kindOf(() => approveRequest(raised(), requester, null))).toBe("forbidden");
    expect(kindOf(() => denyRequest(raised(), buyer, null))).toBe("forbidden");
  });

  it("refuses a second decision as a conflict", () => {
    const decided = apply(raised(), approveRequest(raised(), approver, null));
    expect(kindOf(() => denyRequest(decided, finance, null))).toBe("conflict");
  });

  it("walks a two-stage route in order and approves only after the last stage", () => {
    let state = raised(["approver", "finance"]);
    expect(kindOf(() => approveRequest(state, finance, null))).toBe("forbidden");
    const first = approveRequest(state, approver, "ok");
    expect(first.map((e) => e.type)).toEqual(["RequestStageApproved"]);
    state = apply(state, first);
    expect(state.exists && state.status).toBe("pending");
    const second = approveRequest(state, finance, null);
    expect(second.map((e) => e.type)).toEqual(["RequestStageApproved", "RequestApproved"]);
    state = apply(state, second);
    expect(state.exists && state.status).toBe("approved");
  });

  it("lets any stage deny, naming the stage", () => {
    const events = denyRequest(raised(["approver", "finance"]), approver, "over budget");
    expect(events).toEqual([{ type: "RequestDenied", data: expect.objectContaining({ stage_index: 0, comment: "over budget" }) }]);
  });

  it("reports a missing request as not found", () => {
    expect(kindOf(() => approveRequest(initialRequestState, approver, null))).toBe("not_found");
  });
});
