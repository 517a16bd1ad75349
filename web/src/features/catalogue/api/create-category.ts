import { useMutation, useQueryClient } from "@tanstack/react-query";
import { categorySummary, type CategoryBody, type CategorySummary } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateCatalogue } from "../lib/invalidate-catalogue";

export async function createCategory(body: CategoryBody): Promise<CategorySummary> {
  return categorySummary.parse(await api.post<unknown>("/api/categories", body));
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateCatalogue(queryClient) });
}
