import { useMutation, useQueryClient } from "@tanstack/react-query";
import { overviewItem, type CatalogueItemBody, type OverviewItem } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateCatalogue } from "../lib/invalidate-catalogue";

export async function createCatalogueItem(body: CatalogueItemBody): Promise<OverviewItem> {
  return overviewItem.parse(await api.post<unknown>("/api/catalogue/items", body));
}

export function useCreateCatalogueItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCatalogueItem, onSuccess: () => invalidateCatalogue(queryClient) });
}
