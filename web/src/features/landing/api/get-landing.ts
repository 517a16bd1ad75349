import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { normalizeLanding } from "../lib/normalize-landing";
import type { LandingData } from "../lib/landing-types";

export async function getLanding(signal?: AbortSignal): Promise<LandingData> {
  return normalizeLanding(await api.get<unknown>("/api/marketing/landing", signal));
}

export const getLandingQueryOptions = () => queryOptions({ queryKey: queryKeys.landing(), queryFn: ({ signal }) => getLanding(signal), retry: 1 });

export const useLanding = () => useQuery(getLandingQueryOptions());
