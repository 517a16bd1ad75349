import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import { approvalRule, budget, budgetPeriodMessage, errorBody, purchaseOrder, purchaseRequest } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { parseCsv } from "@procure/infra/audit-verify-script";
import { budgetCategory, budgetVendor, recordInvoice, thisQuarter } from "@procure/infra/testing/budgets";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("budgets");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const create = (body: object, token = users.finance.token) => t.call("POST", "/api/budgets", { token, body });
const createOk = (body: object) => expectCall(t, "POST", "/api/budgets", { token: users.finance.token, body, status: 201, schema: budget });
const list = (token = users.finance.token) => expectCall(t, "GET", "/api/budgets", { token, schema: z.array(budget) });
const figuresOf = async (id: string) => {
  const found = (await list()).find((b) => b.id === id);
  return found && { committed: found.committed, spent: found.spent, remaining: found.remaining };
};
const raise = (body: object) => expectCall(t, "POST", "/api/requests", { token: users.requester.token, body, status: 201, schema: purchaseRequest });
const getRequest = (id: string) => expectCall(t, "GET", `/api/requests/${id}`, { token: users.approver.token, schema: purchaseRequest });
const approve = (id: string, token = users.approver.token) => expectCall(t, "POST", `/api/requests/${id}/approve`, { token, body: {} });

function expectError(res: Awaited<ReturnType<typeof create>>, status: number, message?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody.parse(res.json());
  if (message) expect(JSON.stringify(body.error)).toMatch(message);
  return body.error;
}

describe("budgets", () => {
  it("take a year, a quarter or a month as their period, and one budget per category and period", async () => {
    const categoryId = await budgetCategory(t);
    for (const period of ["2026", "2026-Q4", "2026-11"]) {
      const made = await createOk({ category_id: categoryId, period, amount: "2000" });
      expect(made).toMatchObject({ period, amount: 2000, committed: 0, spent: 0, remaining: 2000 });
    }
    for (const period of ["26", "2026-Q5", "2026-13", "2026-1", "2026-q4", "Q4 2026", ""]) {
      expectError(await create({ category_id: categoryId, period, amount: 10 }), 400, budgetPeriodMessage);
    }
    expectError(await create({ category_id: categoryId, period: "2027", amount: -1 }), 400);
    expectError(await create({ category_id: categoryId, period: "2027", amount: "lots" }), 400);
    expectError(await create({ category_id: "not-a-category", period: "2027", amount: 1 }), 400);
    expectError(await create({ category_id: crypto.randomUUID(), period: "2027", amount: 1 }), 400, /category/);

    const duplicate = await create({ category_id: categoryId, period: "2026-Q4", amount: 5 });
    expectError(duplicate, 409, /already exists/);

    // Moving a budget frees its slot and takes the new one; moving onto a taken one is refused.
    const moved = await createOk({ category_id: categoryId, period: "2025", amount: 1 });
    expectError(await t.call("PATCH", `/api/budgets/${moved.id}`, { token: users.admin.token, body: { period: "2026" } }), 409);
    const patched = await expectCall(t, "PATCH", `/api/budgets/${moved.id}`, { token: users.admin.token, body: { period: "2024", amount: 3 }, schema: budget });
    expect(patched).toMatchObject({ period: "2024", amount: 3 });
    await createOk({ category_id: categoryId, period: "2025", amount: 1 });
    await expectCall(t, "DELETE", `/api/budgets/${moved.id}`, { token: users.admin.token, status: 204 });
    await createOk({ category_id: categoryId, period: "2024", amount: 1 });
    expectError(await t.call("DELETE", `/api/budgets/${moved.id}`, { token: users.admin.token }), 404);
    expectError(await t.call("PATCH", `/api/budgets/${crypto.randomUUID()}`, { token: users.admin.token, body: { amount: 1 } }), 404);
  });

  it("are read and written by finance and admin only", async () => {
    const categoryId = await budgetCategory(t);
    const made = await createOk({ category_id: categoryId, period: "2030", amount: 1 });
    for (const role of ["requester", "approver", "buyer"] as const) {
      const token = users[role].token;
      expectError(await t.call("GET", "/api/budgets", { token }), 403);
      expectError(await create({ category_id: categoryId, period: "2031", amount: 1 }, token), 403);
      expectError(await t.call("PATCH", `/api/budgets/${made.id}`, { token, body: { amount: 2 } }), 403);
      expectError(await t.call("DELETE", `/api/budgets/${made.id}`, { token }), 403);
    }
    expect((await list(users.admin.token)).some((b) => b.id === made.id)).toBe(true);
    const events = await sql<{ type: string }>`select type from events where stream_id = ${`budget-${made.id}`}`.execute(t.runtime.db);
    expect(events.rows.map((e) => e.type)).toEqual(["BudgetCreated"]);
  });

  it("count approved requests, then orders until invoiced, then invoices, in the category and period of approval", async () => {
    const categoryId = await budgetCategory(t);
    const other = await budgetCategory(t);
    const quarter = await createOk({ category_id: categoryId, period: thisQuarter(), amount: 1000 });
    const lastYear = await createOk({ category_id: categoryId, period: String(new Date().getUTCFullYear() - 1), amount: 1000 });

    const request = await raise({ title: "Chairs", amount: 300, category_id: categoryId });
    const elsewhere = await raise({ title: "Cables", amount: 50, category_id: other });
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 0, spent: 0, remaining: 1000 });
    await approve(request.id);
    await approve(elsewhere.id);
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 300, spent: 0, remaining: 700 });

    const order = await expectCall(t, "POST", "/api/orders", {
      token: users.buyer.token,
      body: { total: 320, status: "issued", vendor_id: await budgetVendor(t, users.buyer.token), request_id: request.id },
      status: 201,
      schema: purchaseOrder,
    });
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 320, spent: 0, remaining: 680 });
    await recordInvoice(t, users.finance.token, order, 200);
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 120, spent: 200, remaining: 680 });
    // An invoice billed twice and rejected is spent while it stands, and not once rejected.
    const twice = await recordInvoice(t, users.finance.token, order, 50);
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 70, spent: 250, remaining: 680 });
    await expectCall(t, "POST", `/api/invoices/${twice}/reject`, { token: users.finance.token, body: { reason: "Billed twice." } });
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 120, spent: 200, remaining: 680 });
    await expectCall(t, "PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { status: "cancelled" } });
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 0, spent: 200, remaining: 800 });
    expect(await figuresOf(lastYear.id)).toEqual({ committed: 0, spent: 0, remaining: 1000 });
  });

  it("show a pending request what approving it would leave, and record budget.exceeded when an approval goes below zero", async () => {
    const categoryId = await budgetCategory(t, "Office");
    const quarter = await createOk({ category_id: categoryId, period: thisQuarter(), amount: 2000 });
    const small = await raise({ title: "Paper", amount: 640, category_id: categoryId });
    const impact = { budget_id: quarter.id, period: thisQuarter(), amount: 2000, remaining: 2000, remaining_after: 1360, over: false };
    expect((await getRequest(small.id)).budget_impact).toEqual(impact);
    const pending = await expectCall(t, "GET", "/api/requests?status=pending", { token: users.approver.token, schema: z.array(purchaseRequest) });
    expect(pending.find((r) => r.id === small.id)?.budget_impact).toEqual(impact);
    expect((await getRequest((await raise({ title: "No category", amount: 5 })).id)).budget_impact).toBeNull();

    await approve(small.id);
    expect((await getRequest(small.id)).budget_impact).toBeNull();
    const big = await raise({ title: "Desks", amount: 1500, category_id: categoryId });
    await expect.poll(async () => (await getRequest(big.id)).budget_impact).toMatchObject({ remaining: 1360, remaining_after: -140, over: true });

    await approve(big.id);
    const exceeded = async () =>
      (
        await sql<{ data: Record<string, unknown> }>`select data from events where type = 'BudgetExceeded' and stream_id = ${`budget-${quarter.id}`}`.execute(
          t.runtime.db,
        )
      ).rows;
    expect(await exceeded()).toEqual([{ data: expect.objectContaining({ budget_id: quarter.id, request_id: big.id, request_amount: 1500, remaining: -140 }) }]);
    const feed = async () =>
      (await expectCall<{ type: string }[]>(t, "GET", "/api/events?types=budget.exceeded", { token: users.finance.token })).map((e) => e.type);
    // A page stops below any transaction still running that could yet commit an earlier event: one may be open a moment.
    await expect.poll(feed).toEqual(["budget.exceeded"]);

    // Already below zero: a further approval records nothing more.
    const more = await raise({ title: "Lamps", amount: 10, category_id: categoryId });
    await approve(more.id);
    await expect.poll(() => figuresOf(quarter.id)).toEqual({ committed: 2150, spent: 0, remaining: -150 });
    expect(await exceeded()).toHaveLength(1);
  });

  it("add a rule's over-budget stages to a request that would go over", async () => {
    const categoryId = await budgetCategory(t);
    await createOk({ category_id: categoryId, period: thisQuarter(), amount: 100 });
    const rule = await expectCall(t, "POST", "/api/approval-rules", {
      token: users.admin.token,
      body: { name: "Budgeted", category_id: categoryId, stages: ["approver"], over_budget_stages: ["finance"] },
      status: 201,
      schema: approvalRule,
    });
    expect(rule.over_budget_stages).toEqual(["finance"]);
    const stagesOf = (r: { stages: { role: string }[] }) => r.stages.map((s) => s.role);
    await expect.poll(async () => stagesOf(await raise({ title: "Within", amount: 80, category_id: categoryId }))).toEqual(["approver"]);
    const over = await raise({ title: "Over", amount: 120, category_id: categoryId });
    expect(stagesOf(over)).toEqual(["approver", "finance"]);
    expect(over.budget_impact ?? (await getRequest(over.id)).budget_impact).toMatchObject({ over: true });
    await approve(over.id);
    expect((await getRequest(over.id)).status).toBe("pending");
    await approve(over.id, users.finance.token);
    expect((await getRequest(over.id)).status).toBe("approved");
    expectError(
      await t.call("POST", "/api/approval-rules", { token: users.admin.token, body: { stages: ["approver"], over_budget_stages: ["requester"] } }),
      400,
    );
  });
});

describe("the budgets export", () => {
  it("writes every budget as CSV with its committed, spent and remaining figures", async () => {
    const categoryId = await budgetCategory(t, "Exported supplies");
    const made = await createOk({ category_id: categoryId, period: "2031", amount: 1500 });
    const res = await t.call("GET", "/api/budgets/export.csv", { token: users.finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain('filename="budgets.csv"');
    const [header, ...rows] = parseCsv(res.body).filter((r) => r.length > 1);
    expect(header).toEqual(["id", "category", "period", "amount", "committed", "spent", "remaining", "updated_at"]);
    expect(rows.find((row) => row[0] === made.id)?.slice(0, 7)).toEqual([made.id, "Exported supplies", "2031", "1500", "0", "0", "1500"]);
    expect((await t.call("GET", "/api/budgets/export.csv", { token: users.requester.token })).statusCode).toBe(403);
  });
});
