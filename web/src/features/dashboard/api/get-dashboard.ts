import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboard as dashboardSchema, type Dashboard } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return dashboardSchema.parse(await api.get<unknown>("/api/dashboard", signal));
}

export const getDashboardQueryOptions = () => queryOptions({ queryKey: queryKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
