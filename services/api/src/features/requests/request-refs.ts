import type { Role } from "@procure/contracts";
import { pickRule, routeStages, vendorDecider } from "@procure/domain";
import { budgetsOn, impactOn } from "@procure/projections/purchasing";
import { routingRules } from "./routing-rules.ts";
import type { AppDeps } from "../../deps.ts";
import { HttpError } from "../../plugins/errors.ts";
import type { LoadStream } from "../../commands/handle-command.ts";
import { requireActiveCategory } from "../catalogue/catalogue-refs.ts";

export type RequestRefs = {
  category_name: string | null;
  vendor_name: string | null;
  rule_id: string | null;
  stages: readonly Role[];
};

/** `now`: when the command runs, the day an approval now would count in. */
export type RefInput = { amount: number; category_id: string | null; vendor_id: string | null; now: string };

/**
 * What a new request takes from the rest of the workspace when it is raised: its category's name and its vendor's
 * (each read from its own stream, so a category archived or a vendor blocked a moment ago already counts) and the
 * approval route of the best matching rule, with its over-budget stages when approving the request today would take
 * its category's budget below zero (budget figures are read from their read model, as an approver sees them).
 */
export async function resolveRequestRefs(deps: AppDeps, load: LoadStream, input: RefInput): Promise<RequestRefs> {
  let category_name: string | null = null;
  let vendor_name: string | null = null;
  if (input.category_id) {
    category_name = (await requireActiveCategory(load, input.category_id, "Choose a valid category.")).name;
  }
  if (input.vendor_id) {
    const { state: vendor } = await load(vendorDecider, input.vendor_id);
    if (!vendor.exists) throw new HttpError(400, "validation_error", "Choose a valid vendor.");
    if (vendor.status === "blocked") throw new HttpError(409, "vendor_blocked", `${vendor.name} is blocked; choose another vendor.`);
    vendor_name = vendor.name;
  }
  const rule = pickRule(await routingRules(deps), input);
  const over = rule?.over_budget_stages?.length ? await overBudget(deps, input) : false;
  return { category_name, vendor_name, rule_id: rule?.id ?? null, stages: routeStages(rule, over) };
}

async function overBudget(deps: AppDeps, input: RefInput): Promise<boolean> {
  if (!input.category_id) return false;
  const budget = (await budgetsOn(deps.db, [input.category_id], input.now.slice(0, 10))).get(input.category_id);
  return budget ? impactOn(budget, input.amount).over : false;
}
