import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { controlsSettings, delegationCandidate, errorBody, invoice, purchaseOrder, purchaseRequest, settingsExport, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { addUser, createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<Role, TestUser>;
let vendorId: string;
beforeAll(async () => {
  t = await startTestApp("controls");
  users = await createUsers(t);
  await expectCall(t, "POST", "/api/approval-rules", {
    token: users.admin.token,
    body: { name: "Two stages", min_amount: 5000, stages: ["approver", "finance"] },
    status: 201,
  });
  vendorId = (
    await expectCall<{ id: string }>(t, "POST", "/api/vendors", { token: users.admin.token, body: { name: "Northwind", status: "active" }, status: 201 })
  ).id;
});
afterAll(async () => {
  await t?.stop();
});

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const refusal = (res: { statusCode: number; body: string; json: () => unknown }, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return errorBody.parse(res.json()).error.message;
};
const setControls = (body: object) => expectCall(t, "PATCH", "/api/settings/controls", { token: users.admin.token, body, schema: controlsSettings });
const allOn = { one_stage_per_person: true, recorder_cannot_approve_invoice: true, approver_cannot_pay_invoice: true };

const raiseLarge = (title: string) =>
  expectCall(t, "POST", "/api/requests", { token: users.requester.token, body: { title, amount: 9000 }, status: 201, schema: purchaseRequest });
const decide = (by: TestUser, id: string, verdict: "approve" | "deny" = "approve") =>
  t.call("POST", `/api/requests/${id}/${verdict}`, { token: by.token, body: verdict === "deny" ? { comment: "No" } : {} });
const seenBy = (by: TestUser, id: string) => expectCall(t, "GET", `/api/requests/${id}`, { token: by.token, schema: purchaseRequest });
const twoStageMessage = "You already decided the Approver stage of this request; another person must decide the Finance stage.";

describe("separation of duties on requests", () => {
  it("is on by default and only admins read or change it", async () => {
    expect(await expectCall(t, "GET", "/api/settings/controls", { token: users.admin.token, schema: controlsSettings })).toEqual(allOn);
    expect((await t.call("GET", "/api/settings/controls", { token: users.finance.token })).statusCode).toBe(403);
    expect((await t.call("PATCH", "/api/settings/controls", { token: users.finance.token, body: { one_stage_per_person: false } })).statusCode).toBe(403);
    refusal(await t.call("PATCH", "/api/settings/controls", { token: users.admin.token, body: { one_stage_per_person: "no" } }), 400);
  });

  it("refuses a delegate deciding the second stage after deciding the first in their own right, and says why before and after", async () => {
    const approver = await addUser(t, users.admin, "approver");
    const finance = await addUser(t, users.admin, "finance");
    const given = await t.call("PUT", "/api/me/delegation", {
      token: finance.token,
      body: { delegate_id: approver.id, starts_on: dayFromNow(0), ends_on: dayFromNow(3) },
    });
    expect(given.statusCode, given.body).toBe(200);
    const request = await raiseLarge("Standing desk for two stages");

    const first = await decide(approver, request.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(purchaseRequest.parse(first.json()).decision_blocked_reason).toBe(twoStageMessage);
    expect((await seenBy(approver, request.id)).decision_blocked_reason).toBe(twoStageMessage);
    expect((await seenBy(users.finance, request.id)).decision_blocked_reason).toBeNull();

    expect(refusal(await decide(approver, request.id), 409)).toBe(twoStageMessage);
    expect(refusal(await decide(approver, request.id, "deny"), 409)).toBe(twoStageMessage);
    expect((await seenBy(users.requester, request.id)).stages.map((s) => `${s.role}:${s.status}`)).toEqual(["approver:approved", "finance:waiting"]);

    // Another person decides the second stage.
    const second = await decide(users.finance, request.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(purchaseRequest.parse(second.json()).status).toBe("approved");
  });

  it("refuses an admin deciding both stages alone, in the queue's list too, and allows it once the setting is off", async () => {
    const request = await raiseLarge("Admin-only laptop");
    expect((await decide(users.admin, request.id)).statusCode).toBe(200);
    const queue = await expectCall(t, "GET", "/api/requests?status=pending&order=priority", { token: users.admin.token, schema: z.array(purchaseRequest) });
    expect(queue.find((r) => r.id === request.id)?.decision_blocked_reason).toBe(twoStageMessage);
    expect(refusal(await decide(users.admin, request.id), 409)).toBe(twoStageMessage);

    try {
      expect(await setControls({ one_stage_per_person: false })).toEqual({ ...allOn, one_stage_per_person: false });
      expect((await seenBy(users.admin, request.id)).decision_blocked_reason).toBeNull();
      const second = await decide(users.admin, request.id);
      expect(second.statusCode, second.body).toBe(200);
      expect(purchaseRequest.parse(second.json()).status).toBe("approved");
    } finally {
      await setControls(allOn);
    }
  });
});

describe("separation of duties on invoices", () => {
  /** An invoice of an issued, fully received order, so it matches and needs no comment to approve. */
  const matchedInvoice = async (recorder: TestUser) => {
    const order = await expectCall(t, "POST", "/api/orders", {
      token: users.buyer.token,
      body: { vendor_id: vendorId, status: "issued", lines: [{ description: "Chair", quantity: 2, unit_price: 100 }] },
      status: 201,
      schema: purchaseOrder,
    });
    const lineId = order.lines[0]!.id;
    await expectCall(t, "POST", `/api/orders/${order.id}/receipts`, {
      token: users.buyer.token,
      body: { lines: [{ line_id: lineId, quantity: 2 }] },
      status: 201,
    });
    const number = `SOD-${Math.random().toString(36).slice(2, 8)}`;
    const body = { order_id: order.id, number, invoice_date: "2026-11-20", lines: [{ line_id: lineId, quantity: 2, unit_price: 100 }] };
    return expectCall(t, "POST", "/api/invoices", { token: recorder.token, body, status: 201, schema: invoice });
  };
  const approve = (by: TestUser, id: string) => t.call("POST", `/api/invoices/${id}/approve`, { token: by.token, body: {} });
  const pay = (by: TestUser, id: string) =>
    t.call("POST", `/api/invoices/${id}/pay`, { token: by.token, body: { paid_on: new Date().toISOString().slice(0, 10), reference: "TRF-1" } });

  it("keeps the recorder from approving and the approver from paying, each said before the click", async () => {
    const recorded = await matchedInvoice(users.finance);
    expect(recorded.action_blocked_reason).toBe("You recorded this invoice; another person must approve it.");
    expect(refusal(await approve(users.finance, recorded.id), 409)).toBe("You recorded this invoice; another person must approve it.");

    const approver = await addUser(t, users.admin, "finance");
    expect((await expectCall(t, "GET", `/api/invoices/${recorded.id}`, { token: approver.token, schema: invoice })).action_blocked_reason).toBeNull();
    const approved = await approve(approver, recorded.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(invoice.parse(approved.json()).action_blocked_reason).toBe("You approved this invoice; another person must pay it.");
    expect(refusal(await pay(approver, recorded.id), 409)).toBe("You approved this invoice; another person must pay it.");

    // The recorder did not approve it, so may pay it.
    const paid = await pay(users.finance, recorded.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(invoice.parse(paid.json()).status).toBe("paid");
  });

  it("lets one person record, approve and pay when the workspace turns both rules off", async () => {
    try {
      await setControls({ recorder_cannot_approve_invoice: false, approver_cannot_pay_invoice: false });
      const recorded = await matchedInvoice(users.finance);
      expect(recorded.action_blocked_reason).toBeNull();
      expect((await approve(users.finance, recorded.id)).statusCode).toBe(200);
      const paid = await pay(users.finance, recorded.id);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(invoice.parse(paid.json()).status).toBe("paid");
    } finally {
      await setControls(allOn);
    }
  });
});

describe("delegation targets", () => {
  it("refuses a delegation to someone who cannot decide requests, and offers only those who can", async () => {
    const approver = await addUser(t, users.admin, "approver");
    for (const target of [users.requester, users.buyer]) {
      const res = await t.call("PUT", "/api/me/delegation", {
        token: approver.token,
        body: { delegate_id: target.id, starts_on: dayFromNow(0), ends_on: dayFromNow(2) },
      });
      expect(refusal(res, 400)).toBe(`${target.email} is a ${target.role} and cannot decide requests; choose an approver, a finance member or an admin.`);
    }
    const candidates = await expectCall(t, "GET", "/api/me/delegation/candidates", { token: approver.token, schema: z.array(delegationCandidate) });
    const ids = candidates.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([users.approver.id, users.finance.id, users.admin.id]));
    expect(ids).not.toContain(users.requester.id);
    expect(ids).not.toContain(users.buyer.id);
  });
});

describe("the settings export", () => {
  it("carries the controls, and an import of them changes them", async () => {
    const document = await expectCall(t, "GET", "/api/settings/export", { token: users.admin.token, schema: settingsExport });
    expect(document.controls).toEqual(allOn);
    try {
      const off = { ...document, controls: { ...allOn, approver_cannot_pay_invoice: false } };
      const imported = await t.call("POST", "/api/settings/import", { token: users.admin.token, body: off });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().changes).toContainEqual({
        section: "controls",
        key: "controls",
        label: "Separation of duties",
        action: "update",
        fields: [{ field: "approver_cannot_pay_invoice", before: "on", after: "off" }],
      });
      expect(await expectCall(t, "GET", "/api/settings/controls", { token: users.admin.token, schema: controlsSettings })).toEqual(off.controls);
    } finally {
      await setControls(allOn);
    }
  });
});
