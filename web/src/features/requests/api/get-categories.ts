import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { asArray } from "@/lib/as-array";
import { queryKeys } from "@/lib/query-keys";

export type Category = { id: string; name: string; item_count?: number };

export const getCategories = async (signal?: AbortSignal) =>
  asArray<Category>(await api.get<unknown>("/api/categories", signal)).filter((c) => c && typeof c.id === "string");

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categoryOptions(), queryFn: ({ signal }) => getCategories(signal), staleTime: 5 * 60_000 });

export const useCategories = (enabled = true) => useQuery({ ...getCategoriesQueryOptions(), enabled });
