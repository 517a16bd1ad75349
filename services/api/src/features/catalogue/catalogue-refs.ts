import { errorCodes } from "@procure/contracts";
import { categoryLineage, findCategory } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";
import { HttpError } from "../../plugins/errors.ts";

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
