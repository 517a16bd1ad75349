import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dashboard, inboxCounts, integrationStates, purchaseOrder, purchaseRequest, vendor, type Dashboard } from "@procure/contracts";
import { ORIGIN } from "@procure/eventstore";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { bruteForceDashboard } from "@procure/infra/testing/brute-force-dashboard";
import { expectCall } from "@procure/infra/testing/http";
import { buildScenario } from "@procure/infra/testing/scenario";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("dashboard");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

async function compareWithBruteForce(viewer: TestUser) {
  const answer = await expectCall(t, "GET", "/api/dashboard", { token: viewer.token, schema: dashboard });
  const admin = users.admin.token;
  const expected = bruteForceDashboard({
    orders: await expectCall(t, "GET", "/api/orders?limit=500", { token: admin, schema: z.array(purchaseOrder) }),
    requests: await expectCall(t, "GET", "/api/requests?limit=500", { token: viewer.token, schema: z.array(purchaseRequest) }),
    vendors: await expectCall(t, "GET", "/api/vendors?limit=500", { token: admin, schema: z.array(vendor) }),
    log: await t.runtime.store.readAll(ORIGIN, 100_000),
    now: new Date(answer.generatedAt),
  });
  const { punchoutStatuses, ...figures } = expected;
  expect(answer).toMatchObject(figures);
  expect(answer.catalogueCoverage.categories).toEqual(figures.catalogueCoverage.categories);
  expect(answer.requests.items).toEqual(figures.requests.items);
  expect(answer.integrations[0]).toEqual(integrationStates({ punchout: punchoutStatuses, activeWebhookEndpoints: 0 })[0]);
  return answer;
}

describe("GET /api/dashboard", () => {
  it("answers an empty workspace with zeros and the recent-requests mode", async () => {
    const empty = await expectCall(t, "GET", "/api/dashboard", { token: users.requester.token, schema: dashboard });
    expect(empty.kpis).toEqual({ openPurchaseOrders: 0, requestsPendingApproval: 0, activeCatalogueCategories: 0, activeSuppliers: 0 });
    expect(empty.requests).toEqual({ mode: "recent", items: [] });
    expect(empty.integrations.map((i) => i.status)).toEqual(["planned", "planned", "planned", "planned", "planned"]);
  });

  it("equals a brute-force computation over the same data, for the workspace and for a requester's own view", async () => {
    await buildScenario(t, users);
    // Goods partly received: the value awaiting receipt is what the lines still wait for, not the order's total.
    const partly = await expectCall(t, "POST", "/api/orders", {
      token: users.buyer.token,
      body: {
        vendor_name: "Partial Supplies",
        status: "issued",
        lines: [
          { description: "Chairs", quantity: 4, unit_price: 25 },
          { description: "Desk", quantity: 1, unit_price: 300 },
        ],
      },
      status: 201,
      schema: purchaseOrder,
    });
    await expectCall(t, "POST", `/api/orders/${partly.id}/receipts`, {
      token: users.buyer.token,
      body: { lines: [{ line_id: partly.lines[0]!.id, quantity: 3 }] },
      status: 201,
    });
    // The receipt's answer may come before the dashboard's read models show it.
    const agrees = () =>
      compareWithBruteForce(users.admin).then(
        () => true,
        () => false,
      );
    await expect.poll(agrees).toBe(true);
    const workspace: Dashboard = await compareWithBruteForce(users.admin);
    expect(workspace.scope).toBe("workspace");
    // The scenario reaches every figure, so equality is not between two zeros.
    expect(workspace.purchaseOrders).toMatchObject({ receiving: 4, closed: 2, cancelled: 1 });
    expect(workspace.purchaseOrders.pastDue).toBeGreaterThan(0);
    expect(workspace.purchaseOrders.dueNext7Days).toBeGreaterThan(0);
    expect(workspace.pipeline.readyForPo.count).toBeLessThan(workspace.pipeline.approved.count);
    expect(workspace.catalogueCoverage.categories).toHaveLength(4);
    expect(workspace.kpis.activeCatalogueCategories).toBe(5);
    expect(workspace.integrations[0]!.status).toBe("action-required");

    const own = await compareWithBruteForce(users.requester);
    expect(own.scope).toBe("own");
    expect(own.pipeline.submitted.count).toBeLessThan(workspace.pipeline.submitted.count);
    await compareWithBruteForce(users.approver);
  });

  it("gives a buyer's inbox every draft order to issue and every issued or receiving order to receive, as the orders list has them", async () => {
    const orders = await expectCall(t, "GET", "/api/orders?limit=500", { token: users.buyer.token, schema: z.array(purchaseOrder) });
    const inbox = await expectCall(t, "GET", "/api/inbox", { token: users.buyer.token, schema: inboxCounts });
    expect(orders.length).toBeGreaterThan(0);
    expect(inbox.counts["issue-order"] ?? 0).toBe(orders.filter((o) => o.status === "draft").length);
    expect(inbox.counts["receive-order"] ?? 0).toBe(orders.filter((o) => o.status === "issued" || o.status === "receiving").length);
  });

  it("needs a signed-in user", async () => {
    expect((await t.call("GET", "/api/dashboard")).statusCode).toBe(401);
  });
});
