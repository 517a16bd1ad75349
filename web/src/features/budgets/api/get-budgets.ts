import { queryOptions, useQuery } from "@tanstack/react-query";
import { budget, type Budget } from "@procure/contracts";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const budgetList = z.array(budget);

export async function getBudgets(signal?: AbortSignal): Promise<Budget[]> {
  return budgetList.parse(await api.get<unknown>("/api/budgets", signal));
}

/** The server invalidates ["budgets"] when a budget or anything it counts changes, so the bars refresh live. */
export const getBudgetsQueryOptions = () => queryOptions({ queryKey: queryKeys.budgets(), queryFn: ({ signal }) => getBudgets(signal) });

export const useBudgets = () => useQuery(getBudgetsQueryOptions());
