import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboard, type Dashboard } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { poFigures } from "../lib/po-figures";

/** The PO figures live in the dashboard read model; sharing its key means the server's ["dashboard"] pushes reach them. */
export async function getDashboardFigures(signal?: AbortSignal): Promise<Dashboard> {
  return dashboard.parse(await api.get<unknown>("/api/dashboard", signal));
}

export const getOrderFiguresQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard(),
    queryFn: ({ signal }) => getDashboardFigures(signal),
    select: (data: Dashboard) => poFigures(data.purchaseOrders),
  });

export const useOrderFigures = () => useQuery(getOrderFiguresQueryOptions());
