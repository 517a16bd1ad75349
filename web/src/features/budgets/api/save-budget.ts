import { useMutation, useQueryClient } from "@tanstack/react-query";
import { budget, type Budget, type CreateBudgetBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Creates a budget (no id) or changes one, on the `version` the form was filled from (else 412); every field is sent. */
export async function saveBudget({ id, body, version }: { id: string | null; body: CreateBudgetBody; version?: number | undefined }): Promise<Budget> {
  const saved = id ? await api.patch<unknown>(`/api/budgets/${encodeURIComponent(id)}`, body, version) : await api.post<unknown>("/api/budgets", body);
  return budget.parse(saved);
}

export function useSaveBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBudget,
    // Pending requests' budget impact follows the budgets.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.budgets() }),
  });
}
