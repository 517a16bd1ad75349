import { describe, expect, it } from "vitest";
import { z } from "zod";
import { approvalRule, auditEntry, purchaseRequest, stagesMessage } from "@procure/contracts";
import { answer, caller, failure, otherRoles, useTestApp } from "@procure/infra/testing/catalogue-kit";

const ctx = useTestApp("rules");
const call = caller(ctx);
const createRule = async (body: object) => answer(await call("POST", "/api/approval-rules", "admin", body), 201, approvalRule);
const raise = async (amount: number, extra: object = {}) =>
  answer(await call("POST", "/api/requests", "requester", { title: `Request of ${amount}`, amount, ...extra }), 201, purchaseRequest);

describe("approval rules route new requests", () => {
  it("a two-stage rule: approver approves → still pending, finance approves → approved; the timeline shows both", async () => {
    const rule = await createRule({ name: "Large", min_amount: 10_000, stages: ["approver", "finance"] });
    const request = await raise(12_000);
    expect(request.rule_id).toBe(rule.id);
    expect(request.stages.map((s) => [s.role, s.status])).toEqual([
      ["approver", "waiting"],
      ["finance", "waiting"],
    ]);

    expect(failure(await call("POST", `/api/requests/${request.id}/approve`, "finance", {}), 403)).toMatch(/approver stage/);
    const afterApprover = answer(await call("POST", `/api/requests/${request.id}/approve`, "approver", {}), 200, purchaseRequest);
    expect(afterApprover).toMatchObject({ status: "pending", current_stage_role: "finance" });
    const afterFinance = answer(await call("POST", `/api/requests/${request.id}/approve`, "finance", {}), 200, purchaseRequest);
    expect(afterFinance.status).toBe("approved");

    const audit = answer(await call("GET", `/api/requests/${request.id}/audit`, "requester"), 200, z.array(auditEntry));
    expect(audit.map((a) => [a.action, a.actor_role])).toEqual([
      ["created", "requester"],
      ["approved approver stage", "approver"],
      ["approved finance stage", "finance"],
      ["approved", "finance"],
    ]);
    expect((await raise(9_999.99)).rule_id).toBeNull();
    // Routed by the amount as stored: a figure that rounds up to the minimum is at the minimum.
    const roundedUp = await raise(9_999.996);
    expect([roundedUp.amount, roundedUp.rule_id]).toEqual([10_000, rule.id]);
    await call("DELETE", `/api/approval-rules/${rule.id}`, "admin");
  });

  it("picks the most specific active rule: category before catch-all, higher minimum first; inactive and deleted rules never apply", async () => {
    const category = answer(await call("POST", "/api/categories", "buyer", { name: "Software" }), 201, z.object({ id: z.string() }));
    const general = await createRule({ min_amount: 0, stages: ["approver"] });
    const large = await createRule({ min_amount: 5_000, stages: ["finance"] });
    const software = await createRule({ category_id: category.id, stages: ["admin"] });
    const inactive = await createRule({ min_amount: 6_000, max_amount: 7_000, stages: ["buyer"], active: false });
    expect((await raise(100)).rule_id).toBe(general.id);
    expect((await raise(6_500)).rule_id).toBe(large.id);
    expect((await raise(100, { category_id: category.id })).rule_id).toBe(software.id);
    expect(inactive.active).toBe(false);

    answer(await call("PATCH", `/api/approval-rules/${software.id}`, "admin", { active: false }), 200, approvalRule);
    expect((await raise(100, { category_id: category.id })).rule_id).toBe(general.id);
    for (const rule of [general, large, software, inactive]) expect((await call("DELETE", `/api/approval-rules/${rule.id}`, "admin")).statusCode).toBe(204);
    expect((await raise(100)).rule_id).toBeNull();
  });
});

describe("approval rule commands", () => {
  it("applies the spec defaults, updates named fields, reads a blank maximum as no limit, and deletes", async () => {
    const rule = await createRule({});
    expect(rule).toMatchObject({ min_amount: 0, max_amount: null, stages: ["approver"], active: true, category_id: null, vendor_id: null });
    const updated = answer(await call("PATCH", `/api/approval-rules/${rule.id}`, "admin", { max_amount: "2500", stages: '["finance"]' }), 200, approvalRule);
    expect(updated).toMatchObject({ min_amount: 0, max_amount: 2500, stages: ["finance"], name: rule.name });
    expect(answer(await call("PATCH", `/api/approval-rules/${rule.id}`, "admin", { max_amount: "" }), 200, approvalRule).max_amount).toBeNull();
    const list = answer(await call("GET", "/api/approval-rules", "admin"), 200, z.array(approvalRule));
    expect(list.map((r) => r.id)).toContain(rule.id);

    expect((await call("DELETE", `/api/approval-rules/${rule.id}`, "admin")).statusCode).toBe(204);
    failure(await call("DELETE", `/api/approval-rules/${rule.id}`, "admin"), 404);
    failure(await call("PATCH", `/api/approval-rules/${rule.id}`, "admin", { active: true }), 404);
    const after = answer(await call("GET", "/api/approval-rules", "admin"), 200, z.array(approvalRule));
    expect(after.map((r) => r.id)).not.toContain(rule.id);

    // A rule shown from $1,000.00 routes a request of $1,000.00: its bounds are kept in cents, as amounts are.
    const inCents = await createRule({ min_amount: 1000.004, max_amount: 1999.996 });
    expect(inCents).toMatchObject({ min_amount: 1000, max_amount: 2000, name: "Requests from $1,000.00 to $2,000.00" });
    expect([(await raise(1000)).rule_id, (await raise(2000)).rule_id]).toEqual([inCents.id, inCents.id]);
    expect((await call("DELETE", `/api/approval-rules/${inCents.id}`, "admin")).statusCode).toBe(204);
  });

  it("answers invalid stages, ranges and references with a 400 and appends nothing", async () => {
    const before = await ctx.t.runtime.store.countEvents();
    for (const stages of ["approver", [], ["boss"], { a: 1 }, null, "[broken"]) {
      expect(failure(await call("POST", "/api/approval-rules", "admin", { stages }), 400)).toBe(stagesMessage);
    }
    failure(await call("POST", "/api/approval-rules", "admin", { stages: ["finance", "finance"] }), 400);
    expect(failure(await call("POST", "/api/approval-rules", "admin", { min_amount: 500, max_amount: 100 }), 400)).toMatch(/maximum amount/);
    failure(await call("POST", "/api/approval-rules", "admin", { min_amount: -1 }), 400);
    failure(await call("POST", "/api/approval-rules", "admin", { min_amount: "lots" }), 400);
    failure(await call("POST", "/api/approval-rules", "admin", { category_id: "not-a-uuid" }), 400);
    failure(await call("POST", "/api/approval-rules", "admin", { category_id: crypto.randomUUID() }), 400);
    failure(await call("POST", "/api/approval-rules", "admin", "not json at all"), 400);
    expect(await ctx.t.runtime.store.countEvents()).toBe(before);
  });

  it("lets only admins read and change rules (403 for every other role, 401 signed out)", async () => {
    const rule = await createRule({ active: false });
    const id = rule.id;
    for (const role of otherRoles(["admin"])) {
      failure(await call("GET", "/api/approval-rules", role), 403);
      failure(await call("POST", "/api/approval-rules", role, {}), 403);
      failure(await call("PATCH", `/api/approval-rules/${id}`, role, { active: true }), 403);
      failure(await call("DELETE", `/api/approval-rules/${id}`, role), 403);
    }
    failure(await call("GET", "/api/approval-rules", null), 401);
    await call("DELETE", `/api/approval-rules/${id}`, "admin");
  });
});
