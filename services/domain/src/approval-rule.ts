import {
  amountTooLarge,
  toCents,
  defaultRuleStages,
  formatCurrency,
  ruleRangeMessage,
  type ApprovalRuleInput,
  type EventData,
  type NewEvent,
  type Role,
  type RuleCommand,
  type StoredEvent,
} from "@procure/contracts";
import { invalid, notFound } from "./domain-error.ts";
import { requireAmountWithinMax } from "./amount-bounds.ts";
import { applyPatch, sameData } from "./catalogue.ts";
import type { StreamDecider } from "./stream-decider.ts";

type RuleData = EventData<"ApprovalRuleCreated">;

export type RuleState = { exists: false } | { exists: true; deleted: boolean; rule: RuleData };

export const initialRuleState: RuleState = { exists: false };
export const ruleStreamId = (id: string) => `rule-${id}`;

export function evolveRule(state: RuleState, event: StoredEvent | NewEvent): RuleState {
  switch (event.type) {
    case "ApprovalRuleCreated":
    case "ApprovalRuleUpdated":
      return { exists: true, deleted: false, rule: event.data };
    case "ApprovalRuleDeleted":
      return state.exists ? { ...state, deleted: true } : state;
    default:
      return state;
  }
}

/** A readable name for a rule saved without one: the amount range it covers. */
export function defaultRuleName(min: number, max: number | null): string {
  return max === null ? `Requests from ${formatCurrency(min)}` : `Requests from ${formatCurrency(min)} to ${formatCurrency(max)}`;
}

function validated(input: RuleData): RuleData {
  // Kept in cents like the amounts it routes, so a rule matches on the figures both show.
  const rule = { ...input, min_amount: toCents(input.min_amount), max_amount: input.max_amount === null ? null : toCents(input.max_amount) };
  if (rule.max_amount !== null && rule.max_amount < rule.min_amount) throw invalid(ruleRangeMessage);
  requireAmountWithinMax(rule.max_amount ?? rule.min_amount, amountTooLarge);
  return { ...rule, name: rule.name.trim() || defaultRuleName(rule.min_amount, rule.max_amount) };
}

export function createRule(ruleId: string, input: ApprovalRuleInput): NewEvent[] {
  const rule = validated({
    rule_id: ruleId,
    name: input.name ?? "",
    min_amount: input.min_amount ?? 0,
    max_amount: input.max_amount ?? null,
    category_id: input.category_id ?? null,
    vendor_id: input.vendor_id ?? null,
    stages: [...(input.stages ?? defaultRuleStages)],
    over_budget_stages: [...(input.over_budget_stages ?? [])],
    active: input.active ?? true,
  });
  return [{ type: "ApprovalRuleCreated", data: rule }];
}

function requireLive(state: RuleState) {
  if (!state.exists || state.deleted) throw notFound("Approval rule not found.");
  return state;
}

/** Only the fields named change; an update that changes nothing records nothing. */
export function updateRule(state: RuleState, input: ApprovalRuleInput): NewEvent[] {
  const { rule } = requireLive(state);
  const next = validated(applyPatch(rule, { ...input, name: input.name === undefined ? rule.name : input.name }));
  return sameData(rule, next) ? [] : [{ type: "ApprovalRuleUpdated", data: next }];
}

export function deleteRule(state: RuleState): NewEvent[] {
  const { rule } = requireLive(state);
  return [{ type: "ApprovalRuleDeleted", data: { rule_id: rule.rule_id } }];
}

// ---- routing a new request ----

export type RoutableRule = {
  id: string;
  min_amount: number;
  max_amount: number | null;
  category_id: string | null;
  vendor_id: string | null;
  stages: readonly Role[];
  /** Added after `stages` when the request would take its budget below zero. */
  over_budget_stages?: readonly Role[];
  active: boolean;
  /** Where the rule's creation sits in the log: the tie-breaker of last resort. */
  created_position: string;
};

export type RouteInput = { amount: number; category_id: string | null; vendor_id: string | null };

export function ruleMatches(rule: RoutableRule, input: RouteInput): boolean {
  if (!rule.active || rule.stages.length === 0) return false;
  if (input.amount < rule.min_amount) return false;
  if (rule.max_amount !== null && input.amount > rule.max_amount) return false;
  if (rule.category_id !== null && rule.category_id !== input.category_id) return false;
  if (rule.vendor_id !== null && rule.vendor_id !== input.vendor_id) return false;
  return true;
}

const specificity = (rule: RoutableRule) => (rule.category_id ? 1 : 0) + (rule.vendor_id ? 1 : 0);

/**
 * Orders matching rules so the most specific one wins, whatever order they were written in:
 * 1. more conditions (category and vendor set) before fewer;
 * 2. a higher minimum before a lower one, so "from 10,000" beats a catch-all "from 0" for large requests;
 * 3. a bounded maximum (the narrower range) before a lower or missing one;
 * 4. the older rule before the newer.
 */
export function compareRulePriority(a: RoutableRule, b: RoutableRule): number {
  return (
    specificity(b) - specificity(a) ||
    b.min_amount - a.min_amount ||
    (a.max_amount ?? Number.POSITIVE_INFINITY) - (b.max_amount ?? Number.POSITIVE_INFINITY) ||
    compareBigInt(a.created_position, b.created_position)
  );
}

function compareBigInt(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A rule's route for one request: its stages, and the over-budget ones it does not have yet when the request is over. */
export function routeStages(rule: RoutableRule | null, overBudget: boolean): Role[] {
  if (!rule) return [];
  const extra = overBudget ? (rule.over_budget_stages ?? []).filter((role) => !rule.stages.includes(role)) : [];
  return [...rule.stages, ...extra];
}

export function pickRule<R extends RoutableRule>(rules: readonly R[], input: RouteInput): R | null {
  return rules.filter((r) => ruleMatches(r, input)).sort(compareRulePriority)[0] ?? null;
}

export const ruleDecider: StreamDecider<RuleState, RuleCommand> = {
  streamType: "rule",
  streamId: ruleStreamId,
  initialState: initialRuleState,
  evolve: evolveRule,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "CreateRule":
        return createRule(id, command.rule);
      case "UpdateRule":
        return updateRule(state, command.changes);
      case "DeleteRule":
        return deleteRule(state);
    }
  },
};
