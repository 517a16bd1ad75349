import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditEntry, errorBody, inboxItemsResponse, purchaseRequest } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("decision-withdrawal");
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

const raise = (amount = 80) =>
  expectCall(t, "POST", "/api/requests", { token: users.requester.token, body: { title: "Monitor arm", amount }, status: 201, schema: purchaseRequest });
const withdraw = (id: string, user: TestUser) => t.call("POST", `/api/requests/${id}/decision/withdraw`, { token: user.token });
const refusal = async (id: string, user: TestUser) => {
  const response = await withdraw(id, user);
  expect(response.statusCode, response.body).toBe(409);
  return errorBody.parse(response.json()).error.message;
};
const timeline = async (id: string) =>
  (await expectCall(t, "GET", `/api/requests/${id}/audit`, { token: users.requester.token, status: 200, schema: z.array(auditEntry) })).map(
    (e) => `${e.action} → ${e.to_status}`,
  );
const decideItems = async (user: TestUser) =>
  inboxItemsResponse
    .parse((await t.call("GET", "/api/inbox/items", { token: user.token })).json())
    .items.filter((item) => item.kind === "decide")
    .map((item) => item.subject_id);

describe("taking a decision back", () => {
  it("puts a denied request back in the decider's queue, only for the decider, and says so in the timeline", async () => {
    const request = await raise();
    await expectCall(t, "POST", `/api/requests/${request.id}/deny`, { token: users.approver.token, body: { comment: "Not this quarter" }, status: 200 });
    await expect.poll(() => decideItems(users.approver)).not.toContain(request.id);

    expect(await refusal(request.id, users.finance)).toBe("Only the person who made this request's latest decision can take it back.");
    expect(await refusal(request.id, users.requester)).toBe("Only the person who made this request's latest decision can take it back.");

    const back = await expectCall(t, "POST", `/api/requests/${request.id}/decision/withdraw`, {
      token: users.approver.token,
      status: 200,
      schema: purchaseRequest,
    });
    expect(back).toMatchObject({ status: "pending", decision_comment: null });
    expect(await timeline(request.id)).toEqual(["created → pending", "denied → denied", "decision withdrawn → pending"]);
    await expect.poll(() => decideItems(users.approver)).toContain(request.id);
    const pending = await expectCall(t, "GET", "/api/requests?status=pending", { token: users.approver.token, status: 200, schema: z.array(purchaseRequest) });
    expect(pending.map((r) => r.id)).toContain(request.id);

    // Taken back once: there is nothing left to take back.
    expect(await refusal(request.id, users.approver)).toBe("This request has no decision that can still be taken back.");
  });

  it("takes back a stage's approval so the stage waits again, until a later stage decides", async () => {
    const request = await raise(6000);
    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.approver.token, status: 200 });
    const back = await expectCall(t, "POST", `/api/requests/${request.id}/decision/withdraw`, {
      token: users.approver.token,
      status: 200,
      schema: purchaseRequest,
    });
    expect(back.stages.map((s) => `${s.role}:${s.status}`)).toEqual(["approver:waiting", "finance:waiting"]);
    expect(back.current_stage_role).toBe("approver");

    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.approver.token, status: 200 });
    await expectCall(t, "POST", `/api/requests/${request.id}/approve`, { token: users.finance.token, status: 200 });
    expect(await refusal(request.id, users.approver)).toBe("Only the person who made this request's latest decision can take it back.");
  });

  it("refuses once the window has passed", async () => {
    const request = await raise();
    // A denial recorded a minute ago, straight into the log: the server's window is 30 seconds.
    await t.runtime.store.append(
      [
        {
          streamType: "request",
          streamId: `request-${request.id}`,
          expectedVersion: request.version,
          events: [{ type: "RequestDenied", data: { request_id: request.id, stage_index: null, comment: "Too late" } }],
        },
      ],
      {
        metadata: { actor_id: users.approver.id, actor_role: "approver", actor_email: users.approver.email, correlation_id: randomUUID() },
        recordedAt: new Date(Date.now() - 60_000).toISOString(),
      },
    );
    expect(await refusal(request.id, users.approver)).toBe("A decision can be taken back only within 30 seconds of making it.");
  });
});
