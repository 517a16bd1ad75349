import { describe, expect, it } from "vitest";
import type { StoredEvent } from "@procure/contracts";
import type { Directory, DirectoryUser } from "./directory.ts";
import { noticesFor } from "./recipients.ts";

const user = (id: string, role: DirectoryUser["role"]): DirectoryUser => ({ id, email: `${id}@example.com`, role, active: true });
const users = [user("req", "requester"), user("appr", "approver"), user("fin", "finance"), user("buy", "buyer"), user("adm", "admin")];
const request = {
  id: "r1",
  title: "Laptop",
  amount: 1500,
  requester_id: "req",
  requester_email: "req@example.com",
  stages: [
    { role: "approver" as const, status: "waiting" as const },
    { role: "finance" as const, status: "waiting" as const },
  ],
  needed_by: null,
};
const directory = (): Directory => ({
  users: new Map(users.map((u) => [u.id, u])),
  preferences: new Map(),
  preferenceVersions: new Map(),
  requests: new Map([[request.id, request]]),
  workOrders: new Map(),
  orderStatuses: new Map([["o1", "draft"]]),
  delegations: new Map(),
  changed: new Set(),
});
const event = (type: string, data: unknown, actor: string | null): StoredEvent =>
  ({
    type,
    data,
    metadata: { actor_id: actor, actor_role: null, correlation_id: "c" },
    event_id: "e",
    recorded_at: "2026-01-01T00:00:00Z",
  }) as unknown as StoredEvent;
const who = (notices: ReturnType<typeof noticesFor>) => notices.map((n) => `${n.kind}:${n.to.userId}`).sort();

describe("who hears of an event", () => {
  it("a new request: the members of its first stage's role only (admins, who may stand in, are not mailed)", () => {
    const { id: _id, ...details } = request;
    const notices = noticesFor(event("RequestCreated", { ...details, request_id: "r3" }, "req"), directory());
    expect(who(notices)).toEqual(["decision-needed:appr"]);
  });

  it("a request routed to no stage: the approvers, as the default rule routes", () => {
    const { id: _id, ...details } = request;
    const notices = noticesFor(event("RequestCreated", { ...details, request_id: "r4", stages: [] }, "req"), directory());
    expect(who(notices)).toEqual(["decision-needed:appr"]);
  });

  it("a stage approved: the members of the next stage's role, not the actor", () => {
    const notices = noticesFor(event("RequestStageApproved", { request_id: "r1", stage_index: 0, role: "approver", comment: null }, "appr"), directory());
    expect(who(notices)).toEqual(["decision-needed:fin"]);
  });

  it("an admin's stage: the admins", () => {
    const d = directory();
    d.requests.set("r1", { ...request, stages: [...request.stages, { role: "admin", status: "waiting" }] });
    const notices = noticesFor(event("RequestStageApproved", { request_id: "r1", stage_index: 1, role: "finance", comment: null }, "fin"), d);
    expect(who(notices)).toEqual(["decision-needed:adm"]);
  });

  it("a member an admin added is invited at their address, naming the admin; one who signed up is not", () => {
    const registered = (invited_by: string | null) =>
      event("UserRegistered", { user_id: "new", email: "new@example.com", role: "approver", password_set: true, invited_by }, invited_by);
    expect(noticesFor(registered("adm"), directory())).toEqual([
      { kind: "invitation", to: { userId: null, email: "new@example.com" }, role: "approver", invitedBy: "adm@example.com", memberId: "new" },
    ]);
    expect(noticesFor(registered(null), directory())).toEqual([]);
  });

  it("the last stage approved tells nobody of a next stage; the approval tells the requester and buyers", () => {
    expect(noticesFor(event("RequestStageApproved", { request_id: "r1", stage_index: 1, role: "finance", comment: null }, "fin"), directory())).toEqual([]);
    const approved = noticesFor(event("RequestApproved", { request_id: "r1", comment: "ok" }, "fin"), directory());
    expect(who(approved)).toEqual(["ready-for-po:buy", "request-approved:req"]);
  });

  it("an order saved again with the same status tells nobody; a new status of issued does", () => {
    const saved = (status: string) => event("PurchaseOrderSaved", { order_id: "o1", po_number: "PO-1", request_id: "r1", status }, "buy");
    expect(noticesFor(saved("draft"), directory())).toEqual([]);
    expect(who(noticesFor(saved("issued"), directory()))).toEqual(["po-issued:req"]);
  });

  it("a deactivated member hears of nothing: neither a stage to decide nor their own request's outcome", () => {
    const d = directory();
    for (const id of ["fin", "req"]) d.users.set(id, { ...d.users.get(id)!, active: false });
    const next = noticesFor(event("RequestStageApproved", { request_id: "r1", stage_index: 0, role: "approver", comment: null }, "appr"), d);
    expect(who(next)).toEqual([]);
    expect(who(noticesFor(event("RequestApproved", { request_id: "r1", comment: "ok" }, "fin"), d))).toEqual(["ready-for-po:buy"]);
  });

  it("the requester deciding as an admin is never told of their own action", () => {
    const own = { ...request, requester_id: "adm", requester_email: "adm@example.com" };
    const d = directory();
    d.requests.set("r1", own);
    expect(noticesFor(event("RequestDenied", { request_id: "r1", stage_index: 0, comment: null }, "adm"), d)).toEqual([]);
  });
});

describe("a delegation", () => {
  const { id: _id, ...details } = request;
  const created = (at: string) => ({ ...event("RequestCreated", { ...details, request_id: "r2" }, "req"), recorded_at: at }) as StoredEvent;
  const stand = user("stand", "buyer");

  it("sends a decider's mail to their delegate on the days it runs, and to the decider on the others", () => {
    const d = directory();
    d.users.set(stand.id, stand);
    d.delegations.set("appr", { delegate_id: "stand", starts_on: "2026-11-20", ends_on: "2026-11-30" });
    const to = (at: string) => noticesFor(created(at), d).map((n) => n.to.userId);
    expect(to("2026-11-25T10:00:00.000Z")).toContain("stand");
    expect(to("2026-11-25T10:00:00.000Z")).not.toContain("appr");
    expect(to("2026-12-01T10:00:00.000Z")).toContain("appr");
    expect(to("2026-12-01T10:00:00.000Z")).not.toContain("stand");
  });
});
