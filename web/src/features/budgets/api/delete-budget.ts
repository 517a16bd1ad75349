import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Budget } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const deleteBudget = (id: string) => api.delete(`/api/budgets/${encodeURIComponent(id)}`);

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: (_nothing, id) => {
      // Drop the row at once; the refetch confirms it.
      queryClient.setQueryData<Budget[]>(queryKeys.budgets(), (budgets) => budgets?.filter((b) => b.id !== id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.budgets() });
    },
  });
}
