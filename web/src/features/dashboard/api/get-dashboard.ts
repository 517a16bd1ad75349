import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The schema is fetched beside the answer, not before the dashboard's first paint; the answer is parsed before use. */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const [{ dashboard }, body] = await Promise.all([import("@procure/contracts/dashboard"), api.get<unknown>("/api/dashboard", signal)]);
  return dashboard.parse(body);
}

export const getDashboardQueryOptions = () => queryOptions({ queryKey: queryKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
