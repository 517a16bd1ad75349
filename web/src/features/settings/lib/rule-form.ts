import { zodResolver } from "@hookform/resolvers/zod";
import { approvalRuleInput, ruleRangeMessage, stagesMessage, type ApprovalRule, type ApprovalRuleInput } from "@procure/contracts";
import type { FieldErrors, Resolver } from "react-hook-form";
import { readStagesText, stagesText } from "./stages-text";

/** What the rule form holds: amounts and stages as typed text, ids as select values ("" = any). */
export type RuleFormValues = {
  name: string;
  min_amount: string;
  max_amount: string;
  category_id: string;
  vendor_id: string;
  stages: string;
  /** Blank: no stage is added when a request is over budget. */
  over_budget_stages: string;
  active: boolean;
};

export const ruleFields = ["name", "min_amount", "max_amount", "category_id", "vendor_id", "stages", "over_budget_stages", "active"] as const;
export type RuleField = (typeof ruleFields)[number];

export const blankRule: RuleFormValues = {
  name: "",
  min_amount: "0",
  max_amount: "",
  category_id: "",
  vendor_id: "",
  stages: stagesText(),
  over_budget_stages: "",
  active: true,
};

export function ruleToForm(rule: ApprovalRule): RuleFormValues {
  return {
    name: rule.name,
    min_amount: String(rule.min_amount),
    max_amount: rule.max_amount === null ? "" : String(rule.max_amount),
    category_id: rule.category_id ?? "",
    vendor_id: rule.vendor_id ?? "",
    stages: stagesText(rule.stages),
    over_budget_stages: rule.over_budget_stages.length > 0 ? stagesText(rule.over_budget_stages) : "",
    active: rule.active,
  };
}

const amountMessage = "Enter an amount of 0 or more, or leave it blank.";
const friendlier: Partial<Record<RuleField, string>> = {
  name: "Keep the name to 120 characters.",
  min_amount: "Enter a minimum of 0 or more.",
  max_amount: amountMessage,
};

function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === "string" && own) return own;
  for (const nested of Object.values(error)) {
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}

const contract = zodResolver(approvalRuleInput) as unknown as Resolver<RuleFormValues, unknown, ApprovalRuleInput>;

/**
 * The contract schema is the rule; this adds what it cannot say on its own: that the stages box is not JSON
 * at all, and (as the server does) that the range runs the right way. Generic type failures get plain words.
 */
export const ruleResolver: Resolver<RuleFormValues, unknown, ApprovalRuleInput> = async (values, context, options) => {
  const overBudget = values.over_budget_stages.trim();
  const result = await contract({ ...values, over_budget_stages: overBudget || "[]" }, context, options);
  const errors: FieldErrors<RuleFormValues> = { ...result.errors };
  for (const field of ruleFields) {
    const error = errors[field];
    const wording = friendlier[field];
    if (error && wording && error.type !== "custom") errors[field] = { ...error, message: wording };
  }
  // A wrong role is reported at stages[i]; the box is one field, so the first such message is lifted onto it.
  for (const field of ["stages", "over_budget_stages"] as const) {
    const error = errors[field];
    if (error && !error.message) errors[field] = { type: "invalid_value", message: firstMessage(error) ?? stagesMessage };
  }
  const stages = readStagesText(values.stages);
  if (!stages.ok) errors.stages = { type: "json", message: stages.message };
  const extra = overBudget ? readStagesText(overBudget) : null;
  if (extra && !extra.ok) errors.over_budget_stages = { type: "json", message: extra.message };
  const body = result.values as ApprovalRuleInput;
  if (Object.keys(errors).length === 0 && body.max_amount != null && body.min_amount !== undefined && body.max_amount < body.min_amount) {
    errors.max_amount = { type: "range", message: ruleRangeMessage };
  }
  return Object.keys(errors).length === 0 ? { values: body, errors: {} } : { values: {}, errors };
};
