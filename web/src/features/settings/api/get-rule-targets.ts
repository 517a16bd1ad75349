import { queryOptions, useQuery } from "@tanstack/react-query";
import { categorySummary, vendor } from "@procure/contracts";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What a rule can be narrowed to: a category or a vendor, by id and name. */
export type RuleTarget = { id: string; name: string };

const categoryTargets = z.array(categorySummary.pick({ id: true, name: true }));
const vendorTargets = z.array(vendor.pick({ id: true, name: true }));

export async function getRuleCategories(signal?: AbortSignal): Promise<RuleTarget[]> {
  return categoryTargets.parse(await api.get<unknown>("/api/categories", signal));
}

export async function getRuleVendors(signal?: AbortSignal): Promise<RuleTarget[]> {
  return vendorTargets.parse(await api.get<unknown>("/api/vendors?limit=500", signal));
}

export const getRuleCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.ruleTargets.categories(), queryFn: ({ signal }) => getRuleCategories(signal), staleTime: 60_000 });

export const getRuleVendorsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.ruleTargets.vendors(), queryFn: ({ signal }) => getRuleVendors(signal), staleTime: 60_000 });

export const useRuleCategories = (enabled: boolean) => useQuery({ ...getRuleCategoriesQueryOptions(), enabled });
export const useRuleVendors = (enabled: boolean) => useQuery({ ...getRuleVendorsQueryOptions(), enabled });
