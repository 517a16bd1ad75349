import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { dashboard } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const integrationStates = z.object({ items: dashboard.shape.integrations });

/** GET /api/dashboard/integrations: each integration's state, as the dashboard's card states it. */
export async function getIntegrationStates(signal?: AbortSignal) {
  return integrationStates.parse(await api.get<unknown>("/api/dashboard/integrations", signal)).items;
}

// Under the dashboard's key, so whatever refreshes the dashboard's card refreshes this too.
export const getIntegrationStatesQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.dashboard(), "integrations"], queryFn: ({ signal }) => getIntegrationStates(signal) });

export const useIntegrationStates = () => useQuery(getIntegrationStatesQueryOptions());
