import { describe, expect, it } from "vitest";
import type { NewEvent } from "@procure/contracts";
import { DomainError } from "./domain-error.ts";
import {
  createRule,
  deleteRule,
  evolveRule,
  initialRuleState,
  pickRule,
  routeStages,
  ruleMatches,
  updateRule,
  type RoutableRule,
  type RuleState,
} from "./approval-rule.ts";

const ruleId = "00000000-0000-4000-8000-000000000001";
const fold = (events: NewEvent[], state: RuleState = initialRuleState) => events.reduce(evolveRule, state);

describe("approval rule decider", () => {
  it("fills the spec's defaults: min 0, stages [approver], no maximum, active, and a readable name", () => {
    const [event] = createRule(ruleId, {});
    expect(event).toEqual({
      type: "ApprovalRuleCreated",
      data: {
        rule_id: ruleId,
        name: "Requests from $0.00",
        min_amount: 0,
        max_amount: null,
        category_id: null,
        vendor_id: null,
        stages: ["approver"],
        over_budget_stages: [],
        active: true,
      },
    });
  });

  it("refuses a maximum below the minimum, on create and on update", () => {
    expect(() => createRule(ruleId, { min_amount: 500, max_amount: 100 })).toThrow(DomainError);
    const state = fold(createRule(ruleId, { min_amount: 500 }));
    expect(() => updateRule(state, { max_amount: 100 })).toThrow(/maximum amount/);
  });

  it("updates only the named fields, and records nothing when nothing changes", () => {
    const state = fold(createRule(ruleId, { name: "Big", min_amount: 10_000, stages: ["approver", "finance"] }));
    const [updated] = updateRule(state, { active: false });
    expect(updated?.type).toBe("ApprovalRuleUpdated");
    expect(updated?.data).toMatchObject({ name: "Big", min_amount: 10_000, stages: ["approver", "finance"], active: false });
    expect(updateRule(state, { min_amount: 10_000, name: "Big" })).toEqual([]);
  });

  it("deletes once; a deleted rule is not found for updates or a second delete", () => {
    const live = fold(createRule(ruleId, {}));
    const state = fold(deleteRule(live), live);
    expect(() => deleteRule(state)).toThrow(/not found/);
    expect(() => updateRule(state, { active: true })).toThrow(/not found/);
    expect(() => deleteRule(initialRuleState)).toThrow(/not found/);
  });
});

const rule = (overrides: Partial<RoutableRule> & { id: string }): RoutableRule => ({
  min_amount: 0,
  max_amount: null,
  category_id: null,
  vendor_id: null,
  stages: ["approver"],
  active: true,
  created_position: "1",
  ...overrides,
});

describe("rule matching", () => {
  const input = { amount: 10_000, category_id: "cat", vendor_id: "ven" };

  it("matches amounts inclusively at both ends, and category and vendor only when set", () => {
    expect(ruleMatches(rule({ id: "a", min_amount: 10_000 }), input)).toBe(true);
    expect(ruleMatches(rule({ id: "a", max_amount: 10_000 }), input)).toBe(true);
    expect(ruleMatches(rule({ id: "a", max_amount: 9_999.99 }), input)).toBe(false);
    expect(ruleMatches(rule({ id: "a", category_id: "other" }), input)).toBe(false);
    expect(ruleMatches(rule({ id: "a", vendor_id: "ven", category_id: "cat" }), input)).toBe(true);
    expect(ruleMatches(rule({ id: "a", vendor_id: "ven" }), { ...input, vendor_id: null })).toBe(false);
    expect(ruleMatches(rule({ id: "a", active: false }), input)).toBe(false);
  });

  it("prefers more conditions, then the higher minimum, then the narrower range, then the older rule", () => {
    const catchAll = rule({ id: "catch-all", created_position: "1" });
    const large = rule({ id: "large", min_amount: 5_000, created_position: "2" });
    const bounded = rule({ id: "bounded", min_amount: 5_000, max_amount: 20_000, created_position: "3" });
    const category = rule({ id: "category", category_id: "cat", created_position: "4" });
    const twin = rule({ id: "twin", category_id: "cat", created_position: "10" });
    expect(pickRule([catchAll, large], input)?.id).toBe("large");
    expect(pickRule([catchAll, large, bounded], input)?.id).toBe("bounded");
    expect(pickRule([bounded, catchAll, category], input)?.id).toBe("category");
    expect(pickRule([twin, category], input)?.id).toBe("category");
    expect(pickRule([large], { ...input, amount: 10 })).toBeNull();
  });

  it("adds the over-budget stages it does not have yet only when the request is over budget", () => {
    const over = rule({ id: "over", stages: ["approver", "finance"], over_budget_stages: ["finance", "admin"] });
    expect(routeStages(over, false)).toEqual(["approver", "finance"]);
    expect(routeStages(over, true)).toEqual(["approver", "finance", "admin"]);
    expect(routeStages(null, true)).toEqual([]);
  });
});
