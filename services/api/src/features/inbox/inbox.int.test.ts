import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKeys, inboxCounts, inboxItemsResponse, purchaseOrder, type InboxItemKind, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { receiveOrder } from "@procure/infra/testing/receive-order";
import { invalidates, openLiveSocket } from "@procure/infra/testing/live-socket";

let t: TestApp;
let users: Record<Role, TestUser>;
beforeAll(async () => {
  t = await startTestApp("inbox");
  users = await createUsers(t);
});
afterAll(async () => t?.stop());

const counts = async (token: string) => inboxCounts.parse((await t.call("GET", "/api/inbox", { token })).json());
const items = async (token: string) => inboxItemsResponse.parse((await t.call("GET", "/api/inbox/items", { token })).json()).items;
const has = async (token: string, kind: InboxItemKind, subjectId: string) => (await items(token)).some((i) => i.kind === kind && i.subject_id === subjectId);

/** Polls until the user's inbox holds (or lacks) the item: orders are projected by another group than requests. */
async function until(token: string, kind: InboxItemKind, subjectId: string, present = true) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await has(token, kind, subjectId)) === present) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${kind} ${subjectId} never ${present ? "arrived" : "left"}`);
}

async function request(token: string, body: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/api/requests", { token, body: { title: "Monitor", amount: 120, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function member(role: Role) {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await t.call("POST", "/api/users", { token: users.admin.token, body: { email, role, password: "secret-pass-4821" } });
  const login = (await t.call("POST", "/api/auth/login", { body: { email, password: "secret-pass-4821" } })).json();
  return { id: login.user.id as string, token: login.token as string };
}

describe("a personal inbox", () => {
  it("counts for a requester only what changed on their own requests, for deciders only what they may decide", async () => {
    const requester = await counts(users.requester.token);
    const buyer = await counts(users.buyer.token);
    const id = await request(users.requester.token);

    // Unrouted: every role that decides may take it; the one who asked and the buyer wait for nothing.
    for (const role of ["approver", "finance", "admin"] as const) await expect.poll(() => has(users[role].token, "decide", id), { message: role }).toBe(true);
    expect(await counts(users.requester.token)).toMatchObject({ counts: requester.counts, badge: requester.badge });
    expect((await counts(users.buyer.token)).counts).toEqual(buyer.counts);

    expect((await t.call("POST", `/api/requests/${id}/approve`, { token: users.approver.token })).statusCode).toBe(200);
    for (const role of ["approver", "finance", "admin"] as const) await expect.poll(() => has(users[role].token, "decide", id), { message: role }).toBe(false);
    await expect.poll(() => has(users.requester.token, "changed", id)).toBe(true);
    const after = await counts(users.requester.token);
    expect(after.counts.changed).toBe(requester.counts.changed + 1);
    // Listed, not counted: the badge is requests to decide plus open orders.
    expect(after.badge).toBe(requester.badge);
    await until(users.buyer.token, "create-order", id);
  });

  it("counts in the badge what the approvals queue counts: the requests waiting for the reader's decision", async () => {
    const approver = await member("approver");
    const own = await request(approver.token);
    const theirs = await request(users.requester.token);
    await until(approver.token, "decide", theirs);
    // The reader's own request, decided by another approver, changes for them but waits for nobody's decision.
    expect((await t.call("POST", `/api/requests/${own}/approve`, { token: users.approver.token })).statusCode).toBe(200);
    await until(approver.token, "changed", own);
    const inbox = await counts(approver.token);
    expect(inbox.counts.decide).toBeGreaterThan(0);
    expect(inbox.badge).toBe(inbox.counts.decide);
  });

  it("follows a request's stages: each waits for its own role, and never for the one who raised it", async () => {
    const rule = await t.call("POST", "/api/approval-rules", {
      token: users.admin.token,
      body: { name: "Two stages", min_amount: 50_000, stages: ["approver", "finance"] },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const id = await request(users.requester.token, { amount: 60_000 });
    await expect.poll(() => has(users.approver.token, "decide", id)).toBe(true);
    await expect.poll(() => has(users.finance.token, "decide", id)).toBe(false);

    expect((await t.call("POST", `/api/requests/${id}/approve`, { token: users.approver.token })).statusCode).toBe(200);
    await expect.poll(() => has(users.approver.token, "decide", id)).toBe(false);
    await expect.poll(() => has(users.finance.token, "decide", id)).toBe(true);

    const own = await request(users.admin.token, { amount: 60_000 });
    await expect.poll(() => has(users.approver.token, "decide", own)).toBe(true);
    await expect.poll(() => has(users.admin.token, "decide", own)).toBe(false);
  });

  it("routes an edited or resubmitted request again, and a withdrawn one waits for nobody", async () => {
    const rule = await t.call("POST", "/api/approval-rules", {
      token: users.admin.token,
      body: { name: "Large: approver then finance", min_amount: 70_000, stages: ["approver", "finance"] },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const id = await request(users.requester.token);
    await expect.poll(() => has(users.finance.token, "decide", id)).toBe(true);

    const edited = await t.call("PUT", `/api/requests/${id}`, { token: users.requester.token, body: { title: "Monitor arm", amount: 80_000 } });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect.poll(() => has(users.finance.token, "decide", id)).toBe(false);
    await expect.poll(async () => (await items(users.approver.token)).find((i) => i.kind === "decide" && i.subject_id === id)?.title).toBe("Monitor arm");

    expect((await t.call("POST", `/api/requests/${id}/withdraw`, { token: users.requester.token, body: {} })).statusCode).toBe(200);
    for (const role of ["approver", "finance", "admin"] as const) await expect.poll(() => has(users[role].token, "decide", id), { message: role }).toBe(false);

    const back = await t.call("POST", `/api/requests/${id}/resubmit`, { token: users.requester.token, body: { title: "Monitor arm", amount: 90 } });
    expect(back.statusCode, back.body).toBe(200);
    for (const role of ["approver", "finance", "admin"] as const) await expect.poll(() => has(users[role].token, "decide", id), { message: role }).toBe(true);
    // The requester's own edits are nothing new to them.
    await expect.poll(() => has(users.requester.token, "changed", id)).toBe(false);
  });

  it("keeps changes until the requester looks, and a later change comes back", async () => {
    const id = await request(users.requester.token);
    const comment = await t.call("POST", `/api/requests/${id}/comments`, { token: users.approver.token, body: { body: "Which size?" } });
    expect(comment.statusCode).toBe(201);
    await expect.poll(() => has(users.requester.token, "changed", id)).toBe(true);
    // Their own comment is nothing new to them.
    const mine = await request(users.requester.token);
    await t.call("POST", `/api/requests/${mine}/comments`, { token: users.requester.token, body: { body: "A note" } });
    await expect.poll(() => has(users.requester.token, "changed", mine)).toBe(false);

    const seen = await t.call("POST", "/api/inbox/seen", { token: users.requester.token, body: { request_ids: [id] } });
    expect(seen.statusCode, seen.body).toBe(204);
    await expect.poll(() => has(users.requester.token, "changed", id)).toBe(false);
    // Nothing left to mark: nothing is written.
    const before = await t.runtime.store.headPosition();
    expect((await t.call("POST", "/api/inbox/seen", { token: users.requester.token, body: { request_ids: [id] } })).statusCode).toBe(204);
    expect(await t.runtime.store.headPosition()).toEqual(before);

    await t.call("POST", `/api/requests/${id}/comments`, { token: users.approver.token, body: { body: "Still there?" } });
    await expect.poll(() => has(users.requester.token, "changed", id)).toBe(true);
    expect((await t.call("POST", "/api/inbox/seen", { token: users.requester.token, body: { request_ids: ["nope"] } })).statusCode).toBe(400);
  });

  it("gives buyers approved requests without an order, then the order to issue, then to receive", async () => {
    const id = await request(users.requester.token);
    await t.call("POST", `/api/requests/${id}/approve`, { token: users.approver.token });
    await until(users.buyer.token, "create-order", id);
    await expect.poll(() => has(users.finance.token, "create-order", id)).toBe(false);

    const order = await t.call("POST", "/api/orders", { token: users.buyer.token, body: { total: 120, vendor_name: "Screens Ltd", request_id: id } });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().id as string;
    await until(users.buyer.token, "issue-order", orderId);
    await until(users.buyer.token, "create-order", id, false);
    await expect.poll(() => has(users.requester.token, "changed", id)).toBe(true);

    const issued = await expectCall(t, "PATCH", `/api/orders/${orderId}`, { token: users.buyer.token, body: { status: "issued" }, schema: purchaseOrder });
    await until(users.buyer.token, "receive-order", orderId);
    await until(users.buyer.token, "issue-order", orderId, false);
    await receiveOrder(t, users.buyer.token, issued, "all");
    await until(users.buyer.token, "receive-order", orderId, false);
  });

  it("follows a member's role and activity: a new role's work arrives, a deactivated member waits for nothing", async () => {
    const moving = await member("approver");
    const id = await request(users.requester.token);
    await expect.poll(() => has(moving.token, "decide", id)).toBe(true);

    expect((await t.call("PATCH", `/api/users/${moving.id}`, { token: users.admin.token, body: { role: "buyer" } })).statusCode).toBe(200);
    await expect.poll(() => has(moving.token, "decide", id)).toBe(false);
    const buyerItems = await items(users.buyer.token);
    const mine = await items(moving.token);
    expect(
      mine
        .filter((i) => i.kind !== "changed")
        .map((i) => `${i.kind}:${i.subject_id}`)
        .sort(),
    ).toEqual(
      buyerItems
        .filter((i) => i.kind !== "changed")
        .map((i) => `${i.kind}:${i.subject_id}`)
        .sort(),
    );

    expect((await t.call("PATCH", `/api/users/${moving.id}`, { token: users.admin.token, body: { role: "approver", active: false } })).statusCode).toBe(200);
    const back = await t.call("PATCH", `/api/users/${moving.id}`, { token: users.admin.token, body: { active: true } });
    expect(back.statusCode).toBe(200);
    const again = (await t.call("POST", "/api/auth/login", { body: { email: back.json().email, password: "secret-pass-4821" } })).json().token as string;
    await expect.poll(() => has(again, "decide", id)).toBe(true);
  });

  it("gives a requester made an approver the requests waiting for approvers, before and after the change", async () => {
    const promoted = await member("requester");
    const waiting = await request(users.requester.token);
    await expect.poll(() => has(users.approver.token, "decide", waiting)).toBe(true);
    expect(await has(promoted.token, "decide", waiting)).toBe(false);

    expect((await t.call("PATCH", `/api/users/${promoted.id}`, { token: users.admin.token, body: { role: "approver" } })).statusCode).toBe(200);
    await expect.poll(() => has(promoted.token, "decide", waiting)).toBe(true);
    const later = await request(users.requester.token);
    await expect.poll(() => has(promoted.token, "decide", later)).toBe(true);
  });

  it("tells only the users whose inbox changed, live", async () => {
    const approver = await openLiveSocket(`${t.url}/api/live`, ["bearer", users.approver.token]);
    const buyer = await openLiveSocket(`${t.url}/api/live`, ["bearer", users.buyer.token]);
    const id = await request(users.requester.token);
    expect(await approver.waitFor(invalidates(cacheKeys.inbox()), 5_000)).not.toBeNull();
    // A later change that reaches the buyer shows the first one, which did not, has passed.
    await t.call("POST", `/api/requests/${id}/approve`, { token: users.approver.token });
    expect(await buyer.waitFor(invalidates(cacheKeys.inbox()), 5_000)).not.toBeNull();
    const heard = buyer.messages.filter(invalidates(cacheKeys.inbox()));
    expect(heard).toHaveLength(1);
    approver.socket.close();
    buyer.socket.close();
  });
});

describe("the inbox's counts", () => {
  /** Every user's items counted by kind from the items themselves, and as the counts table keeps them. */
  const countedBothWays = async () => {
    const db = t.runtime.db;
    const counted = await db
      .selectFrom("rm_inbox_items")
      .select(["user_id", "kind", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy(["user_id", "kind"])
      .execute();
    const kept = await db.selectFrom("rm_inbox_counts").select(["user_id", "kind", "n"]).where("n", "<>", 0).execute();
    const keyed = (rows: { user_id: string; kind: string; n: string | number }[]) => rows.map((r) => `${r.user_id} ${r.kind} ${Number(r.n)}`).sort();
    return { counted: keyed(counted), kept: keyed(kept) };
  };
  // In the background thread as `npm start` runs them, or in this one on the embedded database.
  const projections = () => t.runtime.background ?? t.runtime.runner!;
  const settled = async () => {
    const head = await t.runtime.store.headPosition();
    expect(await projections().waitFor(head, 10_000)).toBe(true);
  };

  it("are kept as the items are written, through requests decided, seen, a member's refill and a rebuild", async () => {
    const moving = await member("approver");
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await request(users.requester.token, { title: `Counted ${i}` }));
    await t.call("POST", `/api/requests/${ids[0]}/approve`, { token: users.approver.token });
    await t.call("POST", `/api/requests/${ids[1]}/deny`, { token: users.finance.token, body: { comment: "Not this quarter" } });
    await t.call("POST", `/api/requests/${ids[2]}/approve`, { token: moving.token });
    await t.call("POST", "/api/inbox/seen", { token: users.requester.token, body: { request_ids: [ids[0], ids[1]] } });
    await t.call("PATCH", `/api/users/${moving.id}`, { token: users.admin.token, body: { role: "buyer" } });
    await settled();
    const live = await countedBothWays();
    expect(live.counted.length).toBeGreaterThan(0);
    expect(live.kept).toEqual(live.counted);

    // What a user reads is the kept count.
    const approverCounts = (await counts(users.approver.token)).counts;
    const approverDecides = live.counted.find((row) => row.startsWith(`${users.approver.id} decide `));
    expect(approverCounts.decide).toBe(Number(approverDecides?.split(" ")[2] ?? 0));

    await projections().rebuild("inbox");
    const rebuilt = await countedBothWays();
    expect(rebuilt.kept).toEqual(rebuilt.counted);
    expect(rebuilt.counted).toEqual(live.counted);
  });
});
