import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { approvalRate, dashboard, poGroupOf, poReceiptStatuses, purchaseOrder, requestSummary, type PoFormStatus } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { receiveOrder } from "@procure/infra/testing/receive-order";

/**
 * Each figure more than one screen shows, read from the endpoint that feeds each screen: the Requests page's
 * summary, the dashboard, the purchase orders list and the Integrations page. They must say the same.
 */
let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "admin", TestUser>;

beforeAll(async () => {
  t = await startTestApp("figures");
  users = await createUsers(t, ["requester", "approver", "buyer"]);
  const ids: string[] = [];
  for (let i = 0; i < 14; i++) {
    const author = i % 3 === 0 ? users.buyer : users.requester;
    const created = await expectCall(t, "POST", "/api/requests", { token: author.token, body: { title: `Figure ${i}`, amount: 100 + i }, status: 201 });
    ids.push((created as { id: string }).id);
  }
  for (const id of ids.slice(0, 7)) await expectCall(t, "POST", `/api/requests/${id}/approve`, { token: users.approver.token, body: {} });
  for (const id of ids.slice(7, 10)) await expectCall(t, "POST", `/api/requests/${id}/deny`, { token: users.approver.token, body: { comment: "Over budget" } });
  const statuses: PoFormStatus[] = ["draft", "issued", "issued", "receiving", "received", "cancelled", "receiving"];
  for (const [i, status] of statuses.entries()) {
    const body = { vendor_name: `Supplier ${i}`, total: 50 + i, status: poReceiptStatuses.includes(status) ? "issued" : status };
    const order = await expectCall(t, "POST", "/api/orders", { token: users.buyer.token, body, status: 201, schema: purchaseOrder });
    if (poReceiptStatuses.includes(status)) await receiveOrder(t, users.buyer.token, order, status === "received" ? "all" : "part");
  }
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe("a figure shown on several screens", () => {
  it.each(["admin", "requester"] as const)("gives %s the same approval rate on the Requests page and the dashboard", async (who) => {
    const token = users[who].token;
    const summary = await expectCall(t, "GET", "/api/requests/summary", { token, schema: requestSummary });
    const board = await expectCall(t, "GET", "/api/dashboard", { token, schema: dashboard });
    expect(summary.approval_rate).toEqual(expect.any(Number));
    expect(summary.approval_rate).toBe(board.pipeline.approvalRate);
    expect(summary.approval_rate).toBe(approvalRate(summary.counts));
    expect(summary.counts.approved).toBe(board.pipeline.approved.count);
    expect(summary.counts.denied).toBe(board.pipeline.denied.count);
    if (who === "admin") expect(summary.approval_rate).toBe(70);
  });

  it("counts open and receiving orders on the dashboard as the orders list groups them", async () => {
    const board = await expectCall(t, "GET", "/api/dashboard", { token: users.buyer.token, schema: dashboard });
    const orders = await expectCall(t, "GET", "/api/orders?limit=500", { token: users.buyer.token, schema: z.array(purchaseOrder) });
    const inGroup = (group: string) => orders.filter((o) => poGroupOf(o.status) === group).length;
    expect(board.purchaseOrders.receiving).toBe(inGroup("receiving"));
    expect(board.purchaseOrders.open).toBe(inGroup("open") + inGroup("receiving"));
    expect(board.kpis.openPurchaseOrders).toBe(board.purchaseOrders.open);
    expect(board.purchaseOrders.closed).toBe(inGroup("closed"));
    expect(board.purchaseOrders.cancelled).toBe(inGroup("cancelled"));
    expect([board.purchaseOrders.open, board.purchaseOrders.receiving]).toEqual([5, 2]);
  });

  it("states every connector's state on the Integrations page as on the dashboard", async () => {
    const board = await expectCall(t, "GET", "/api/dashboard", { token: users.admin.token, schema: dashboard });
    const page = await expectCall(t, "GET", "/api/dashboard/integrations", {
      token: users.admin.token,
      schema: z.object({ items: dashboard.shape.integrations }),
    });
    expect(page.items).toEqual(board.integrations);
    expect(page.items.find((i) => i.id === "erp-sync")).toMatchObject({ status: "planned" });
  });
});
