import { z } from "zod";
import { money, singleLine } from "./common.ts";
import { role, type Role } from "./roles.ts";
import { recordVersion } from "./record-version.ts";

/** Approval rule defaults (spec section 5): min 0, stages ["approver"], blank max = no limit. */
export const defaultRuleStages: readonly Role[] = ["approver"];

/** A requester stage would let any requester decide a colleague's request, so only deciding roles may be stages. */
export const stageRoles = ["approver", "buyer", "finance", "admin"] as const satisfies readonly Role[];
export const stagesMessage = "Stages must be a non-empty JSON array of roles: approver, buyer, finance or admin.";
export const duplicateStageMessage = "Each role can appear only once in the stages.";
export const ruleRangeMessage = "The maximum amount must be at least the minimum amount.";

/** Forms send numbers as text; a numeric string is read as its number, anything else is left for zod to reject. */
export const numericInput = (v: unknown) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v);
const blankId = (v: unknown) => (v === "" ? null : v);

/** The settings form types stages as JSON; a JSON string is accepted as well as an array. */
function parseStages(v: unknown) {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

export const ruleStages = z.preprocess(
  parseStages,
  z
    .array(z.enum(stageRoles, { error: stagesMessage }), { error: stagesMessage })
    .min(1, { error: stagesMessage })
    .refine((stages) => new Set(stages).size === stages.length, { error: duplicateStageMessage }),
);

/** Roles added after a rule's stages when the request would take its budget below zero; may be empty. */
export const overBudgetStages = z.preprocess(
  parseStages,
  z
    .array(z.enum(stageRoles, { error: stagesMessage }), { error: stagesMessage })
    .refine((stages) => new Set(stages).size === stages.length, { error: duplicateStageMessage }),
);

/** Every field optional: a PATCH changes only what it names; a create fills the defaults. */
export const approvalRuleInput = z.object({
  name: singleLine(120).optional(),
  min_amount: z.preprocess((v) => (v === "" || v === null ? 0 : numericInput(v)), money).optional(),
  max_amount: z.preprocess((v) => (v === "" ? null : numericInput(v)), money.nullable()).optional(),
  category_id: z.preprocess(blankId, z.uuid().nullable()).optional(),
  vendor_id: z.preprocess(blankId, z.uuid().nullable()).optional(),
  stages: ruleStages.optional(),
  over_budget_stages: overBudgetStages.optional(),
  active: z.boolean().optional(),
});
export type ApprovalRuleInput = z.infer<typeof approvalRuleInput>;

export const createApprovalRuleBody = approvalRuleInput;
export const updateApprovalRuleBody = approvalRuleInput;

export const approvalRule = z.object({
  id: z.uuid(),
  name: z.string(),
  min_amount: z.number(),
  max_amount: z.number().nullable(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  vendor_id: z.string().nullable(),
  stages: z.array(role),
  /** Absent from answers of servers before budgets: none. */
  over_budget_stages: z.array(role).default([]),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
});
export type ApprovalRule = z.infer<typeof approvalRule>;
