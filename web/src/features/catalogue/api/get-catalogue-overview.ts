import { queryOptions, useQuery } from "@tanstack/react-query";
import { catalogueOverview, type CatalogueOverview } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getCatalogueOverview(signal?: AbortSignal): Promise<CatalogueOverview> {
  return catalogueOverview.parse(await api.get<unknown>("/api/catalogue/overview", signal));
}

/** The server invalidates ["catalogue"] (and ["categories"]) for every catalogue change, so this key refreshes live. */
export const getCatalogueOverviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.catalogue.overview(), queryFn: ({ signal }) => getCatalogueOverview(signal) });

export const useCatalogueOverview = () => useQuery(getCatalogueOverviewQueryOptions());
