import { useMutation, useQueryClient } from "@tanstack/react-query";
import { catalogueItemPatchBody, overviewItem, type OverviewItem } from "@procure/contracts";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { invalidateCatalogue } from "../lib/invalidate-catalogue";

export type CatalogueItemPatch = z.input<typeof catalogueItemPatchBody>;

/**
 * Edits named fields on the item's `version` shown (else 412); a status change moves the item through draft → review
 * → published.
 */
export async function updateCatalogueItem({ id, patch, version }: { id: string; patch: CatalogueItemPatch; version?: number }): Promise<OverviewItem> {
  const body = catalogueItemPatchBody.parse(patch);
  return overviewItem.parse(await api.patch<unknown>(`/api/catalogue/items/${encodeURIComponent(id)}`, body, version));
}

export function useUpdateCatalogueItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCatalogueItem, onSuccess: () => invalidateCatalogue(queryClient) });
}
