import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditEntry, errorBody, purchaseOrder, purchaseRequest, requestOrder, type PurchaseRequest } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("request-lifecycle");
  users = await createUsers(t);
  // Large requests go to an approver, then finance.
  await expectCall(t, "POST", "/api/approval-rules", {
    token: users.admin.token,
    body: { name: "Large", min_amount: 5000, stages: ["approver", "finance"] },
    status: 201,
  });
});
afterAll(async () => {
  await t?.stop();
});

const raise = (body: object = { title: "Monitor arm", amount: 80 }) =>
  expectCall(t, "POST", "/api/requests", { token: users.requester.token, body, status: 201, schema: purchaseRequest });
const detail = (id: string) => expectCall(t, "GET", `/api/requests/${id}`, { token: users.requester.token, status: 200, schema: purchaseRequest });
const timeline = async (id: string) =>
  (await expectCall(t, "GET", `/api/requests/${id}/audit`, { token: users.requester.token, status: 200, schema: z.array(auditEntry) })).map(
    (e) => `${e.action}${e.detail ? `: ${e.detail}` : ""}`,
  );
const stagesOf = (r: PurchaseRequest) => r.stages.map((s) => `${s.role}:${s.status}`);

describe("deciding with a reason", () => {
  it("refuses a denial without a reason, and shows the reason to the requester on the request and its timeline", async () => {
    const request = await raise();
    for (const body of [{}, { comment: "   " }]) {
      const refused = await t.call("POST", `/api/requests/${request.id}/deny`, { token: users.approver.token, body });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    const patched = await t.call("PATCH", `/api/requests/${request.id}`, { token: users.approver.token, body: { status: "denied" } });
    expect(patched.statusCode, patched.body).toBe(400);
    expect(errorBody.parse(patched.json()).error.message).toMatch(/reason/);

    await expectCall(t, "POST", `/api/requests/${request.id}/deny`, {
      token: users.approver.token,
      body: { comment: "Use the spare one in storage" },
      status: 200,
    });
    expect(await detail(request.id)).toMatchObject({ status: "denied", decision_comment: "Use the spare one in storage" });
    expect(await timeline(request.id)).toContain("denied: Use the spare one in storage");
  });
});

describe("a requester's own request after raising it", () => {
  it("edits a pending request: new details, routed again by the rules, approvals given before start over", async () => {
    const request = await raise({ title: "Desk", amount: 6000 });
    expect(stagesOf(request)).toEqual(["approver:waiting", "finance:waiting"]);
    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.approver.token, status: 200 });

    const edited = await expectCall(t, "PUT", `/api/requests/${request.id}`, {
      token: users.requester.token,
      body: { title: "Standing desk", amount: 7000, description: "Height adjustable" },
      status: 200,
      schema: purchaseRequest,
    });
    expect(edited).toMatchObject({ title: "Standing desk", amount: 7000, description: "Height adjustable", status: "pending" });
    expect(stagesOf(edited)).toEqual(["approver:waiting", "finance:waiting"]);
    expect(await detail(request.id)).toMatchObject({ title: "Standing desk", amount: 7000, current_stage_role: "approver" });

    const smaller = await expectCall(t, "PUT", `/api/requests/${request.id}`, {
      token: users.requester.token,
      body: { title: "Standing desk", amount: 900 },
      status: 200,
      schema: purchaseRequest,
    });
    expect(stagesOf(smaller)).toEqual([]);
    expect(await timeline(request.id)).toEqual([
      "created: Desk",
      "approved approver stage",
      "edited: Standing desk · $7,000.00",
      "edited: Standing desk · $900.00",
    ]);
  });

  it("lets nobody but the requester edit or withdraw, and only while it waits", async () => {
    const request = await raise();
    const byApprover = await t.call("PUT", `/api/requests/${request.id}`, { token: users.approver.token, body: { title: "Mine now", amount: 1 } });
    expect(byApprover.statusCode, byApprover.body).toBe(403);
    const withdrawByAdmin = await t.call("POST", `/api/requests/${request.id}/withdraw`, { token: users.admin.token });
    expect(withdrawByAdmin.statusCode, withdrawByAdmin.body).toBe(403);

    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.approver.token, status: 200 });
    const late = await t.call("PUT", `/api/requests/${request.id}`, { token: users.requester.token, body: { title: "Too late", amount: 1 } });
    expect(late.statusCode, late.body).toBe(409);
    const lateWithdraw = await t.call("POST", `/api/requests/${request.id}/withdraw`, { token: users.requester.token });
    expect(lateWithdraw.statusCode, lateWithdraw.body).toBe(409);
  });

  it("withdraws a pending request, which then cannot be decided", async () => {
    const request = await raise();
    const withdrawn = await expectCall(t, "POST", `/api/requests/${request.id}/withdraw`, {
      token: users.requester.token,
      body: { reason: "Found one in storage" },
      status: 200,
      schema: purchaseRequest,
    });
    expect(withdrawn).toMatchObject({ status: "withdrawn", decision_comment: "Found one in storage", current_stage_role: null });
    const approve = await t.call("POST", `/api/requests/${request.id}/approve`, { token: users.approver.token });
    expect(approve.statusCode, approve.body).toBe(409);
    const listed = await expectCall(t, "GET", "/api/requests?status=withdrawn", {
      token: users.requester.token,
      status: 200,
      schema: z.array(purchaseRequest),
    });
    expect(listed.map((r) => r.id)).toContain(request.id);
    expect(await timeline(request.id)).toContain("withdrawn: Found one in storage");
  });

  it("resubmits a denied request with fresh stages, and the timeline keeps the whole history", async () => {
    const request = await raise({ title: "Laptop", amount: 1200 });
    await expectCall(t, "POST", `/api/requests/${request.id}/deny`, {
      token: users.approver.token,
      body: { comment: "Too expensive for the role" },
      status: 200,
    });
    const pendingAgain = await t.call("POST", `/api/requests/${request.id}/resubmit`, {
      token: users.requester.token,
      body: { title: "Laptop", amount: 1200 },
    });
    expect(pendingAgain.statusCode, pendingAgain.body).toBe(200);
    const twice = await t.call("POST", `/api/requests/${request.id}/resubmit`, { token: users.requester.token, body: { title: "Laptop", amount: 1200 } });
    expect(twice.statusCode, twice.body).toBe(409);
    await expectCall(t, "POST", `/api/requests/${request.id}/deny`, { token: users.approver.token, body: { comment: "Still too much" }, status: 200 });

    const resubmitted = await expectCall(t, "POST", `/api/requests/${request.id}/resubmit`, {
      token: users.requester.token,
      body: { title: "Workstation laptop", amount: 5500, description: "For CAD work" },
      status: 200,
      schema: purchaseRequest,
    });
    expect(resubmitted).toMatchObject({ status: "pending", title: "Workstation laptop", amount: 5500, decision_comment: null });
    expect(stagesOf(resubmitted)).toEqual(["approver:waiting", "finance:waiting"]);
    expect(await timeline(request.id)).toEqual([
      "created: Laptop",
      "denied: Too expensive for the role",
      "resubmitted: Laptop · $1,200.00",
      "denied: Still too much",
      "resubmitted: Workstation laptop · $5,500.00",
    ]);
    const pending = await t.call("POST", `/api/requests/${request.id}/resubmit`, { token: users.requester.token, body: { title: "Again", amount: 1 } });
    expect(pending.statusCode, pending.body).toBe(409);
  });
});

describe("a request's purchase order", () => {
  it("shows the number and status of the order raised from it, to the requester too", async () => {
    const request = await raise({ title: "Toner", amount: 45 });
    const none = await t.call("GET", `/api/requests/${request.id}/order`, { token: users.requester.token });
    expect(none.statusCode, none.body).toBe(404);
    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.approver.token, status: 200 });
    const order = await expectCall(t, "POST", "/api/orders", {
      token: users.buyer.token,
      body: { vendor_name: "Office Supply Co", total: 45, request_id: request.id },
      status: 201,
      schema: purchaseOrder,
    });
    expect(await detail(request.id)).toMatchObject({ order_id: order.id, po_number: order.po_number });
    const linked = await expectCall(t, "GET", `/api/requests/${request.id}/order`, { token: users.requester.token, status: 200, schema: requestOrder });
    expect(linked).toEqual({ id: order.id, po_number: order.po_number, status: order.status });
  });
});
