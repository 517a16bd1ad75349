import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import { auditEntry, delegationAnswer, errorBody, inboxCounts, inboxItemsResponse, purchaseRequest, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { invalidates, openLiveSocket } from "@procure/infra/testing/live-socket";

let t: TestApp;
let users: Record<Role, TestUser>;
beforeAll(async () => {
  t = await startTestApp("delegation");
  users = await createUsers(t);
  // Every request waits for an approver: a finance member decides none in their own right, only as a delegate.
  await expectCall(t, "POST", "/api/approval-rules", {
    token: users.admin.token,
    body: { name: "Approver first", min_amount: 0, stages: ["approver"] },
    status: 201,
  });
});
afterAll(async () => {
  await t?.stop();
});

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = () => dayFromNow(0);

async function newUser(role: Role): Promise<TestUser> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await expectCall(t, "POST", "/api/users", { token: users.admin.token, body: { email, role, password: "secret-pass-4821" }, status: 201 });
  const login = await t.call("POST", "/api/auth/login", { body: { email, password: "secret-pass-4821" } });
  return { ...login.json().user, token: login.json().token };
}

const delegate = (from: TestUser, to: { id: string }, starts_on = today(), ends_on = dayFromNow(5)) =>
  t.call("PUT", "/api/me/delegation", { token: from.token, body: { delegate_id: to.id, starts_on, ends_on } });
const delegationOf = (user: TestUser) => expectCall(t, "GET", "/api/me/delegation", { token: user.token, schema: delegationAnswer });
const raise = (by: TestUser, title: string) =>
  expectCall(t, "POST", "/api/requests", { token: by.token, body: { title, amount: 40 }, status: 201, schema: purchaseRequest });
const approve = (by: TestUser, id: string) => t.call("POST", `/api/requests/${id}/approve`, { token: by.token, body: {} });

describe("approval delegation", () => {
  it("refuses a delegation to oneself, to no one or someone inactive, for days past or backwards, or by someone who approves nothing", async () => {
    const approver = await newUser("approver");
    const inactive = await newUser("buyer");
    await expectCall(t, "PATCH", `/api/users/${inactive.id}`, { token: users.admin.token, body: { active: false } });
    const refusals: [Promise<{ statusCode: number; body: string; json: () => unknown }>, number][] = [
      [delegate(approver, approver), 400],
      [delegate(approver, { id: "00000000-0000-4000-8000-00000000dead" }), 400],
      [delegate(approver, inactive), 400],
      [delegate(approver, users.finance, dayFromNow(-9), dayFromNow(-2)), 400],
      [delegate(approver, users.finance, dayFromNow(5), dayFromNow(1)), 400],
      [t.call("PUT", "/api/me/delegation", { token: approver.token, body: { delegate_id: "nobody", starts_on: "soon", ends_on: "later" } }), 400],
      [delegate(users.requester, users.buyer), 403],
    ];
    for (const [call, status] of refusals) {
      const res = await call;
      expect(res.statusCode, res.body).toBe(status);
      expect(errorBody.safeParse(res.json()).success).toBe(true);
    }
    expect((await delegationOf(approver)).delegation).toBeNull();
  });

  it("lets the delegate decide what the delegator may, records on whose behalf, and ends when the delegator ends it", async () => {
    const approver = await newUser("approver");
    // A finance member decides no approver stage in their own right: only the delegation lets them.
    const stand = await newUser("finance");
    const before = await raise(users.requester, "Delegated desk lamp");
    expect((await approve(stand, before.id)).statusCode).toBe(403);

    const given = await delegate(approver, stand);
    expect(given.statusCode, given.body).toBe(200);
    expect(delegationAnswer.parse(given.json()).delegation).toMatchObject({ delegate_id: stand.id, delegate_email: stand.email, ends_on: dayFromNow(5) });
    expect((await delegationOf(stand)).standing_in_for).toEqual([
      { delegator_id: approver.id, delegator_email: approver.email, starts_on: today(), ends_on: dayFromNow(5) },
    ]);

    // The delegator's requests to decide wait in the delegate's inbox too, but never the delegate's own.
    const own = await raise(stand, "Delegate's own chair");
    const waiting = async () =>
      inboxItemsResponse
        .parse((await t.call("GET", "/api/inbox/items", { token: stand.token })).json())
        .items.filter((item) => item.kind === "decide")
        .map((item) => item.subject_id);
    await expect.poll(waiting).toContain(before.id);
    expect(await waiting()).not.toContain(own.id);
    const counts = inboxCounts.parse((await t.call("GET", "/api/inbox", { token: stand.token })).json());
    expect(counts.counts.decide).toBeGreaterThanOrEqual(1);

    const approved = await approve(stand, before.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(purchaseRequest.parse(approved.json()).status).toBe("approved");
    const timeline = async () =>
      (await expectCall(t, "GET", `/api/requests/${before.id}/audit`, { token: users.requester.token, schema: z.array(auditEntry) })).map(
        (e) => `${e.actor_email} ${e.action}`,
      );
    await expect.poll(timeline).toContain(`${stand.email} approved on behalf of ${approver.email}`);

    // Nobody decides their own request through a delegation.
    expect((await approve(stand, own.id)).statusCode).toBe(403);

    const ended = await t.call("DELETE", "/api/me/delegation", { token: approver.token });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(delegationAnswer.parse(ended.json())).toEqual({ delegation: null, standing_in_for: [] });
    expect((await delegationOf(stand)).standing_in_for).toEqual([]);
    const after = await raise(users.requester, "After the delegation");
    expect((await approve(stand, after.id)).statusCode).toBe(403);
  });

  it("does not run before its first day, and a new delegation replaces the one before", async () => {
    const approver = await newUser("approver");
    const first = await newUser("finance");
    const second = await newUser("finance");
    expect((await delegate(approver, first, dayFromNow(2), dayFromNow(4))).statusCode).toBe(200);
    const request = await raise(users.requester, "Not yet delegated");
    expect((await approve(first, request.id)).statusCode).toBe(403);

    expect((await delegate(approver, second)).statusCode).toBe(200);
    expect((await delegationOf(first)).standing_in_for).toEqual([]);
    expect((await delegationOf(approver)).delegation?.delegate_id).toBe(second.id);
    expect((await approve(second, request.id)).statusCode).toBe(200);
  });

  it("never makes a chain: a delegate passes nothing on, and nobody delegates to someone who delegated their own", async () => {
    const approver = await newUser("approver");
    const financeStandIn = await newUser("finance");
    const away = await newUser("approver");
    expect((await delegate(approver, financeStandIn)).statusCode).toBe(200);

    const onward = await delegate(financeStandIn, away);
    expect(onward.statusCode, onward.body).toBe(409);
    expect((await delegate(away, approver)).statusCode).toBe(409);
    // Later days, after the first delegation ends, are free.
    expect((await delegate(away, approver, dayFromNow(6), dayFromNow(8))).statusCode).toBe(200);
  });

  it("sends the delegator's mails about requests to decide to the delegate instead", async () => {
    const approver = await newUser("approver");
    const stand = await newUser("finance");
    expect((await delegate(approver, stand)).statusCode).toBe(200);
    const title = `Mail for the stand-in ${Date.now().toString(36)}`;
    await raise(users.requester, title);
    const recipients = async () =>
      (
        await sql<{ email: string }>`select email from notification_outbox where kind = 'decision-needed' and position(${title} in subject) > 0`.execute(
          t.runtime.db,
        )
      ).rows.map((r) => r.email);
    await expect.poll(recipients).toContain(stand.email);
    expect(await recipients()).not.toContain(approver.email);
    expect(await recipients()).toContain(users.approver.email);
  });

  it("tells the delegate's open tab when a request lands in the inbox they stand in for, and no other finance member's", async () => {
    const approver = await newUser("approver");
    const standIn = await newUser("finance");
    const bystander = await newUser("finance");
    expect((await delegate(approver, standIn)).statusCode).toBe(200);
    const standInTab = await openLiveSocket(`${t.url}/api/live`, ["bearer", standIn.token]);
    const bystanderTab = await openLiveSocket(`${t.url}/api/live`, ["bearer", bystander.token]);
    try {
      await raise(users.requester, "Heard by the stand-in");
      expect(await standInTab.waitFor(invalidates(["inbox"]), 5_000), "the stand-in's tab hears of its inbox").not.toBeNull();
      expect(await bystanderTab.waitFor(invalidates(["inbox"]), 1_000), "a finance member who stands in for nobody does not").toBeNull();
    } finally {
      standInTab.socket.close();
      bystanderTab.socket.close();
    }
  });
});
