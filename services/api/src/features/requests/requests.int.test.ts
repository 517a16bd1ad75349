import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { approvalRate, auditEntry, comment, errorBody, inboxCounts, purchaseRequest, requestSummary, type PurchaseRequest } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("requests");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

async function createRequest(token: string, body: Record<string, unknown> = { title: "Laptop stand", amount: 49.5 }) {
  const res = await t.call("POST", "/api/requests", { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return purchaseRequest.parse(res.json());
}

describe("a purchase request through its life", () => {
  it("create → approve shows in the list, the detail, the timeline and the inbox at once", async () => {
    const before = inboxCounts.parse((await t.call("GET", "/api/inbox", { token: users.approver.token })).json());
    const created = await createRequest(users.requester.token, { title: "Ergonomic chair", amount: 320.1 });
    expect(created).toMatchObject({ title: "Ergonomic chair", amount: 320.1, status: "pending", requester_id: users.requester.id });

    const pending = inboxCounts.parse((await t.call("GET", "/api/inbox", { token: users.approver.token })).json());
    expect(pending.counts.decide).toBe(before.counts.decide + 1);

    const approved = await t.call("POST", `/api/requests/${created.id}/approve`, { token: users.approver.token });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(purchaseRequest.parse(approved.json()).status).toBe("approved");

    const list = z.array(purchaseRequest).parse((await t.call("GET", "/api/requests", { token: users.requester.token })).json());
    expect(list.find((r) => r.id === created.id)?.status).toBe("approved");
    const detail = purchaseRequest.parse((await t.call("GET", `/api/requests/${created.id}`, { token: users.requester.token })).json());
    expect(detail.status).toBe("approved");

    const audit = z.array(auditEntry).parse((await t.call("GET", `/api/requests/${created.id}/audit`, { token: users.requester.token })).json());
    expect(audit.map((a) => [a.action, a.actor_email, a.from_status, a.to_status])).toEqual([
      ["created", users.requester.email, null, "pending"],
      ["approved", users.approver.email, "pending", "approved"],
    ]);
    const after = inboxCounts.parse((await t.call("GET", "/api/inbox", { token: users.approver.token })).json());
    expect(after.counts.decide).toBe(before.counts.decide);
  });

  it("reads the request's stream once to approve it, projections included", async () => {
    const created = purchaseRequest.parse(
      (await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Read once", amount: 8 } })).json(),
    );
    const reads = vi.spyOn(t.runtime.store, "readStream");
    try {
      const approved = await t.call("POST", `/api/requests/${created.id}/approve`, { token: users.approver.token, body: {} });
      expect(approved.statusCode).toBe(200);
      expect(purchaseRequest.parse(approved.json()).status).toBe("approved");
      expect(reads.mock.calls.filter(([streamId]) => streamId === `request-${created.id}`)).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
  });

  it("deny via PATCH, and a second decision is a 409 with a clear message", async () => {
    const created = await createRequest(users.requester.token);
    const denied = await t.call("PATCH", `/api/requests/${created.id}`, { token: users.finance.token, body: { status: "denied", comment: "Over budget" } });
    expect(denied.json().status).toBe("denied");
    const again = await t.call("POST", `/api/requests/${created.id}/approve`, { token: users.approver.token });
    expect(again.statusCode).toBe(409);
    expect(errorBody.parse(again.json()).error.message).toMatch(/already denied/);
  });

  it("refuses self-approval and deciders without the role (403)", async () => {
    const own = await createRequest(users.approver.token);
    const self = await t.call("POST", `/api/requests/${own.id}/approve`, { token: users.approver.token });
    expect(self.statusCode).toBe(403);
    const other = await createRequest(users.requester.token);
    const byBuyer = await t.call("POST", `/api/requests/${other.id}/deny`, { token: users.buyer.token });
    expect(byBuyer.statusCode).toBe(403);
    const byRequester = await t.call("POST", `/api/requests/${other.id}/approve`, { token: users.requester.token });
    expect(byRequester.statusCode).toBe(403);
    // Someone else's request does not exist for a requester, so ids leak nothing.
    const notTheirs = await t.call("POST", `/api/requests/${own.id}/approve`, { token: users.requester.token });
    expect(notTheirs.statusCode).toBe(404);
  });

  it("shows requesters only their own requests", async () => {
    const mine = await createRequest(users.requester.token, { title: "Mine", amount: 1 });
    const theirs = await createRequest(users.buyer.token, { title: "Theirs", amount: 2 });
    const list = z.array(purchaseRequest).parse((await t.call("GET", "/api/requests", { token: users.requester.token })).json());
    expect(list.every((r) => r.requester_id === users.requester.id)).toBe(true);
    expect(list.some((r) => r.id === mine.id)).toBe(true);
    expect((await t.call("GET", `/api/requests/${theirs.id}`, { token: users.requester.token })).statusCode).toBe(404);
    const all = z.array(purchaseRequest).parse((await t.call("GET", "/api/requests", { token: users.approver.token })).json());
    expect(all.some((r) => r.id === theirs.id)).toBe(true);
  });

  it("posts and lists comments in order, authored by the caller", async () => {
    const created = await createRequest(users.requester.token);
    for (const body of ["First quote attached", "  Second thought  "]) {
      const res = await t.call("POST", `/api/requests/${created.id}/comments`, { token: users.requester.token, body: { body } });
      expect(res.statusCode).toBe(201);
    }
    const blank = await t.call("POST", `/api/requests/${created.id}/comments`, { token: users.requester.token, body: { body: "   " } });
    expect(blank.statusCode).toBe(400);
    const comments = z.array(comment).parse((await t.call("GET", `/api/requests/${created.id}/comments`, { token: users.approver.token })).json());
    expect(comments.map((c) => [c.body, c.author])).toEqual([
      ["First quote attached", users.requester.email],
      ["Second thought", users.requester.email],
    ]);
  });

  it("pages the list with a Link header", async () => {
    for (let i = 0; i < 3; i++) await createRequest(users.buyer.token, { title: `Paged ${i}`, amount: i });
    const first = await t.call("GET", "/api/requests?limit=2", { token: users.admin.token });
    const link = first.headers.link as string;
    expect(link).toMatch(/rel="next"/);
    const nextUrl = link.slice(1, link.indexOf(">"));
    const second = await t.call("GET", nextUrl, { token: users.admin.token });
    const ids = [...first.json(), ...second.json()].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(4);
  });

  it("pages pending requests oldest first for the approvals queue", async () => {
    const seen: PurchaseRequest[] = [];
    let url: string | null = "/api/requests?status=pending&order=oldest&limit=2";
    while (url) {
      const page = await t.call("GET", url, { token: users.approver.token });
      seen.push(...z.array(purchaseRequest).parse(page.json()));
      const link = page.headers.link as string | undefined;
      url = link ? link.slice(1, link.indexOf(">")) : null;
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((r) => r.status === "pending")).toBe(true);
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    expect(seen.map((r) => r.created_at)).toEqual(seen.map((r) => r.created_at).sort());
  });

  it("summarises every request the viewer sees, not a page of them, with and without a search", async () => {
    for (let i = 0; i < 4; i++) await createRequest(users.requester.token, { title: `Summary lamp ${i}`, amount: 10 + i });
    const everything = async (token: string) => {
      const rows: PurchaseRequest[] = [];
      let url: string | null = "/api/requests?limit=3";
      while (url) {
        const page = await t.call("GET", url, { token });
        rows.push(...z.array(purchaseRequest).parse(page.json()));
        const link = page.headers.link as string | undefined;
        url = link ? link.slice(1, link.indexOf(">")) : null;
      }
      return rows;
    };
    const expected = (rows: PurchaseRequest[]) => ({
      counts: {
        all: rows.length,
        approved: rows.filter((r) => r.status === "approved").length,
        pending: rows.filter((r) => r.status === "pending").length,
        denied: rows.filter((r) => r.status === "denied").length,
        withdrawn: rows.filter((r) => r.status === "withdrawn").length,
      },
      spend: Math.round(rows.reduce((sum, r) => sum + r.amount, 0) * 100) / 100,
      latest_submission:
        rows
          .map((r) => r.created_at)
          .sort()
          .at(-1) ?? null,
      approval_rate: approvalRate({ approved: rows.filter((r) => r.status === "approved").length, denied: rows.filter((r) => r.status === "denied").length }),
    });
    for (const viewer of [users.admin, users.requester]) {
      const summary = requestSummary.parse((await t.call("GET", "/api/requests/summary", { token: viewer.token })).json());
      expect(summary, viewer.role).toEqual(expected(await everything(viewer.token)));
    }
    const lamps = requestSummary.parse((await t.call("GET", "/api/requests/summary?q=summary%20lamp", { token: users.admin.token })).json());
    expect(lamps.counts).toEqual({ all: 4, approved: 0, pending: 4, denied: 0, withdrawn: 0 });
    expect(lamps.spend).toBe(46);
  });
});
