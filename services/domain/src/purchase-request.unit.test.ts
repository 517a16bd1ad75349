import { describe, expect, it } from "vitest";
import type { NewEvent } from "@procure/contracts";
import type { Actor } from "./actor.ts";
import { DomainError } from "./domain-error.ts";
import { requestData } from "./testing/request-data.ts";
import {
  approveRequest,
  createRequest,
  denyRequest,
  editRequest,
  evolveRequest,
  initialRequestState,
  resubmitRequest,
  isPastDate,
  stagesFor,
  withdrawRequest,
  type RequestState,
} from "./purchase-request.ts";

const requester: Actor = { id: "u-req", role: "requester", email: "req@example.com" };
const approver: Actor = { id: "u-app", role: "approver", email: "app@example.com" };
const finance: Actor = { id: "u-fin", role: "finance", email: "fin@example.com" };
const buyer: Actor = { id: "u-buy", role: "buyer", email: "buy@example.com" };
const admin: Actor = { id: "u-adm", role: "admin", email: "adm@example.com" };
const now = "2026-11-25T12:00:00.000Z";

function raised(stages: ("approver" | "finance")[] = []): RequestState {
  const events = createRequest(
    requestData(requester, { request_id: "00000000-0000-4000-8000-000000000001", rule_id: stages.length ? "rule" : null, stages: stagesFor(stages) }),
    now,
  );
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

describe("a requester changing their own request", () => {
  const changes = (stages: ("approver" | "finance")[]) => ({
    title: "Standing desk",
    amount: 250,
    description: null,
    category_id: null,
    category_name: null,
    vendor_id: null,
    vendor_name: null,
    rule_id: stages.length ? "rule" : null,
    stages: stagesFor(stages),
  });

  it("refuses a denial without a reason", () => {
    expect(kindOf(() => denyRequest(raised(), approver, null))).toBe("invalid");
    expect(kindOf(() => denyRequest(raised(), approver, "   "))).toBe("invalid");
  });

  it("edits a pending request and routes it again from the first stage", () => {
    let state = raised(["approver", "finance"]);
    state = apply(state, approveRequest(state, approver, null));
    const edited = editRequest(state, requester, changes(["approver", "finance"]), now);
    expect(edited).toEqual([{ type: "RequestEdited", data: expect.objectContaining({ title: "Standing desk", amount: 250 }) }]);
    state = apply(state, edited);
    expect(kindOf(() => approveRequest(state, finance, null))).toBe("forbidden");
    expect(approveRequest(state, approver, null).map((e) => e.type)).toEqual(["RequestStageApproved"]);
  });

  it("lets only the requester edit, withdraw or resubmit", () => {
    expect(kindOf(() => editRequest(raised(), approver, changes([]), now))).toBe("forbidden");
    expect(kindOf(() => withdrawRequest(raised(), admin, null))).toBe("forbidden");
    const denied = apply(raised(), denyRequest(raised(), approver, "too much"));
    expect(kindOf(() => resubmitRequest(denied, approver, changes([]), now))).toBe("forbidden");
  });

  it("withdraws a pending request, which can then be neither decided nor edited", () => {
    const withdrawn = apply(raised(), withdrawRequest(raised(), requester, "bought it myself"));
    expect(withdrawn.exists && withdrawn.status).toBe("withdrawn");
    expect(kindOf(() => approveRequest(withdrawn, approver, null))).toBe("conflict");
    expect(kindOf(() => editRequest(withdrawn, requester, changes([]), now))).toBe("conflict");
  });

  it("resubmits a denied request with fresh stages, and refuses to resubmit a pending or approved one", () => {
    const route = raised(["approver"]);
    const denied = apply(route, denyRequest(route, approver, "too much"));
    const resubmitted = apply(denied, resubmitRequest(denied, requester, changes(["approver", "finance"]), now));
    expect(resubmitted.exists && resubmitted.status).toBe("pending");
    expect(resubmitted.exists && resubmitted.stages.map((s) => `${s.role}:${s.status}`)).toEqual(["approver:waiting", "finance:waiting"]);
    expect(kindOf(() => resubmitRequest(raised(), requester, changes([]), now))).toBe("conflict");
    const approved = apply(raised(), approveRequest(raised(), approver, null));
    expect(kindOf(() => resubmitRequest(approved, requester, changes([]), now))).toBe("conflict");
  });
});

describe("priority and need-by date", () => {
  const details = { title: "Desk", amount: 100, description: null, category_id: null, category_name: null, vendor_id: null, vendor_name: null };
  const routed = { ...details, rule_id: null, stages: [] };
  const created = (over: { priority?: "low" | "normal" | "high" | "urgent"; needed_by?: string | null }) => ({
    request_id: "00000000-0000-4000-8000-000000000002",
    ...details,
    priority: over.priority ?? "normal",
    needed_by: over.needed_by ?? null,
    requester_id: requester.id,
    requester_email: requester.email,
    rule_id: null,
    stages: [],
  });
  const stateOf = (events: NewEvent[]) => events.reduce(evolveRequest, initialRequestState);

  it("refuses a need-by date that has passed everywhere, and takes today in the zone furthest behind", () => {
    expect(kindOf(() => createRequest(created({ needed_by: "2026-11-23" }), now))).toBe("invalid");
    expect(createRequest(created({ needed_by: "2026-11-25", priority: "urgent" }), now)[0]!.data).toMatchObject({
      priority: "urgent",
      needed_by: "2026-11-25",
    });
    expect(isPastDate("2026-11-24", "2026-11-25T11:00:00.000Z")).toBe(false);
    expect(isPastDate("2026-11-24", "2026-11-25T13:00:00.000Z")).toBe(true);
  });

  it("keeps the priority and date an edit leaves out, and a date that has passed since", () => {
    const state = stateOf(createRequest(created({ priority: "high", needed_by: "2026-11-26" }), now));
    const later = "2026-12-10T12:00:00.000Z";
    expect(editRequest(state, requester, routed, later)[0]!.data).toMatchObject({ priority: "high", needed_by: "2026-11-26" });
    expect(editRequest(state, requester, { ...routed, priority: "low", needed_by: null }, later)[0]!.data).toMatchObject({ priority: "low", needed_by: null });
    expect(kindOf(() => editRequest(state, requester, { ...routed, needed_by: "2026-12-01" }, later))).toBe("invalid");
  });
});

describe("deciding as a delegate", () => {
  const away = { id: approver.id, email: approver.email, role: approver.role };

  it("decides the stages the delegator may, on their behalf, but never the delegate's own request", () => {
    const state = raised(["approver"]);
    expect(kindOf(() => approveRequest(state, buyer, null))).toBe("forbidden");
    const events = approveRequest(state, buyer, null, [away]);
    expect(events[0]).toMatchObject({ type: "RequestStageApproved", data: { on_behalf_of: { user_id: approver.id, email: approver.email } } });
    expect(approveRequest(state, approver, null, [])[0]!.data).not.toHaveProperty("on_behalf_of");
    const own = { ...state, requesterId: buyer.id } as RequestState;
    expect(kindOf(() => denyRequest(own, buyer, "no", [away]))).toBe("forbidden");
  });
});
