import { errorCodes } from "@procure/contracts";
import { categoryDecider, vendorDecider } from "@procure/domain";
import type { LoadStream } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";

/**
 * The category a catalogue record points at must exist and not be archived. Read from its stream inside the
 * command, so a retry after a conflict checks again and a category created a moment ago already counts.
 */
export async function requireActiveCategory(load: LoadStream, id: string, message = "Choose an active category.") {
  const { state } = await load(categoryDecider, id);
  if (!state.exists || state.archived) throw new HttpError(400, errorCodes.validation, message);
  return state.data;
}

/** The chosen parent and its ancestors (empty without a parent), for the domain's cycle check. */
export async function parentLineage(load: LoadStream, parentId: string | null | undefined): Promise<string[]> {
  const lineage: string[] = [];
  for (let id = parentId ?? null; id !== null && !lineage.includes(id);) {
    const category = await requireActiveCategory(load, id, "Choose an active parent category.");
    lineage.push(id);
    id = category.parent_id;
  }
  return lineage;
}

/** A catalogue item's supplier is a vendor of the workspace; read from its stream, like the category. */
export async function requireVendor(load: LoadStream, id: string | null | undefined) {
  if (!id) return;
  const { state } = await load(vendorDecider, id);
  if (!state.exists) throw new HttpError(400, errorCodes.validation, "Choose a vendor from the list.");
}
