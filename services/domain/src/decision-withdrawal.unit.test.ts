import { describe, expect, it } from "vitest";
import type { NewEvent, StoredEvent } from "@procure/contracts";
import type { Actor } from "./actor.ts";
import { DomainError } from "./domain-error.ts";
import { requestData } from "./testing/request-data.ts";
import {
  approveRequest,
  createRequest,
  commentOnRequest,
  denyRequest,
  evolveRequest,
  initialRequestState,
  linkRequestToOrder,
  stagesFor,
  withdrawDecision,
  type RequestState,
} from "./purchase-request.ts";

const requester: Actor = { id: "u-req", role: "requester", email: "req@example.com" };
const approver: Actor = { id: "u-app", role: "approver", email: "app@example.com" };
const otherApprover: Actor = { id: "u-app2", role: "approver", email: "app2@example.com" };
const finance: Actor = { id: "u-fin", role: "finance", email: "fin@example.com" };
const decidedAt = "2026-11-25T12:00:00.000Z";
const secondsLater = (s: number) => new Date(Date.parse(decidedAt) + s * 1000).toISOString();
const requestId = "00000000-0000-4000-8000-000000000001";

/** Events as the log gives them back: by whom and when, which is what the window and the same-person rule read. */
function recorded(state: RequestState, events: NewEvent[], by: Actor | null, at = decidedAt): RequestState {
  return events
    .map(
      (event, i) =>
        ({
          ...event,
          stream_version: i + 1,
          recorded_at: at,
          metadata: { actor_id: by?.id ?? null, actor_role: by?.role ?? null, actor_email: by?.email ?? null, correlation_id: "c" },
        }) as StoredEvent,
    )
    .reduce(evolveRequest, state);
}

function raised(stages: ("approver" | "finance")[] = []): RequestState {
  const created = createRequest(
    requestData(requester, { request_id: requestId, rule_id: stages.length ? "rule" : null, stages: stagesFor(stages) }),
    decidedAt,
  );
  return recorded(initialRequestState, created, requester, "2026-11-25T11:00:00.000Z");
}

const approvedBy = (state: RequestState, actor: Actor, at = decidedAt) => recorded(state, approveRequest(state, actor, null), actor, at);
const deniedBy = (state: RequestState, actor: Actor) => recorded(state, denyRequest(state, actor, "Over budget"), actor);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? { kind: error.kind, message: error.message } : { kind: "other", message: String(error) };
  }
  return { kind: "none", message: "" };
};

describe("taking a decision back", () => {
  it("puts an approved request back to pending at the stage it was approved on", () => {
    const approved = approvedBy(raised(["approver"]), approver);
    const events = withdrawDecision(approved, approver, secondsLater(5));
    expect(events).toEqual([{ type: "RequestDecisionWithdrawn", data: { request_id: requestId, verdict: "approved", stage_index: 0 } }]);
    const after = recorded(approved, events, approver, secondsLater(5));
    expect(after.exists && after.status).toBe("pending");
    expect(after.exists && after.stages[0]).toMatchObject({ status: "waiting", decided_by: null });
    // Waiting again, it may be decided afresh.
    expect(approveRequest(after, approver, null).map((e) => e.type)).toEqual(["RequestStageApproved", "RequestApproved"]);
  });

  it("takes back a denial of an unrouted request, naming no stage", () => {
    const denied = deniedBy(raised(), finance);
    expect(withdrawDecision(denied, finance, secondsLater(29))).toEqual([
      { type: "RequestDecisionWithdrawn", data: { request_id: requestId, verdict: "denied", stage_index: null } },
    ]);
  });

  it("takes back a first stage's approval, which leaves the request pending", () => {
    const firstStage = approvedBy(raised(["approver", "finance"]), approver);
    expect(withdrawDecision(firstStage, approver, secondsLater(1))[0]!.data).toMatchObject({ verdict: "approved", stage_index: 0 });
  });

  it("is only for the person who decided", () => {
    const approved = approvedBy(raised(), approver);
    for (const someoneElse of [otherApprover, finance, requester]) {
      expect(refusal(() => withdrawDecision(approved, someoneElse, secondsLater(1)))).toEqual({
        kind: "conflict",
        message: "Only the person who made this request's latest decision can take it back.",
      });
    }
  });

  it("closes 30 seconds after the decision", () => {
    const approved = approvedBy(raised(), approver);
    expect(refusal(() => withdrawDecision(approved, approver, secondsLater(30))).kind).toBe("none");
    expect(refusal(() => withdrawDecision(approved, approver, secondsLater(31)))).toEqual({
      kind: "conflict",
      message: "A decision can be taken back only within 30 seconds of making it.",
    });
  });

  it("is settled by a later stage's decision, an order or a withdrawal already made, but not by a comment", () => {
    const firstStage = approvedBy(raised(["approver", "finance"]), approver);
    const secondStage = approvedBy(firstStage, finance, secondsLater(2));
    expect(refusal(() => withdrawDecision(secondStage, approver, secondsLater(3))).kind).toBe("conflict");

    const approved = approvedBy(raised(), approver);
    const ordered = recorded(approved, linkRequestToOrder(approved, "00000000-0000-4000-8000-0000000000aa", "PO-1"), null, secondsLater(2));
    expect(refusal(() => withdrawDecision(ordered, approver, secondsLater(3))).message).toBe("This request has no decision that can still be taken back.");

    const commented = recorded(approved, commentOnRequest(approved, "00000000-0000-4000-8000-0000000000bb", "Thanks"), requester, secondsLater(2));
    const withdrawn = recorded(commented, withdrawDecision(commented, approver, secondsLater(3)), approver, secondsLater(3));
    expect(refusal(() => withdrawDecision(withdrawn, approver, secondsLater(4))).kind).toBe("conflict");
  });

  it("needs a decision to take back", () => {
    expect(refusal(() => withdrawDecision(raised(), approver, decidedAt)).kind).toBe("conflict");
    expect(refusal(() => withdrawDecision(initialRequestState, approver, decidedAt)).kind).toBe("not_found");
  });
});
