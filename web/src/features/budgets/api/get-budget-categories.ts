import { queryOptions, useQuery } from "@tanstack/react-query";
import { categorySummary } from "@procure/contracts";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What a budget can be set for: the categories, by id and name. */
const categories = z.array(categorySummary.pick({ id: true, name: true }));

export const getBudgetCategories = async (signal?: AbortSignal) => categories.parse(await api.get<unknown>("/api/categories", signal));

export const getBudgetCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.budgetCategories(), queryFn: ({ signal }) => getBudgetCategories(signal), staleTime: 60_000 });

export const useBudgetCategories = (enabled: boolean) => useQuery({ ...getBudgetCategoriesQueryOptions(), enabled });
