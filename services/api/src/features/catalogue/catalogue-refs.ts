import { errorCodes } from "@procure/contracts";
import { pickRule } from "@procure/domain";
import { activeRoutingRules, categoryLineage, findCategory } from "@procure/projections/catalogue/index";
import type { AppDeps } from "../../deps.ts";
import { HttpError } from "../../plugins/errors.ts";
import type { RefLookups } from "../../requests/request-refs.ts";

/** The category a catalogue record points at must exist and not be archived. */
export async function requireActiveCategory(deps: AppDeps, id: string, message = "Choose an active category.") {
  const category = await findCategory(deps.db, id);
  if (!category || category.archived) throw new HttpError(400, errorCodes.validation, message);
  return category;
}

/** The chosen parent and its ancestors (empty without a parent), for the domain's cycle check. */
export async function parentLineage(deps: AppDeps, parentId: string | null | undefined): Promise<string[]> {
  if (!parentId) return [];
  await requireActiveCategory(deps, parentId, "Choose an active parent category.");
  return categoryLineage(deps.db, parentId);
}

/** What a new request takes from the catalogue: its category's name and the approval route of the best rule. */
export const catalogueLookups: Pick<RefLookups, "category" | "route"> = {
  category: async (deps, id) => {
    const category = await findCategory(deps.db, id);
    return category && !category.archived ? { name: category.name } : null;
  },
  route: async (deps, input) => {
    const rule = pickRule(await activeRoutingRules(deps.db), input);
    return rule ? { rule_id: rule.id, stages: rule.stages } : null;
  },
};
