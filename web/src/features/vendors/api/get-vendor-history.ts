import { queryOptions, useQuery } from "@tanstack/react-query";
import { vendorHistory, type VendorHistoryEntry } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getVendorHistory(id: string, signal?: AbortSignal): Promise<VendorHistoryEntry[]> {
  return vendorHistory.parse(await api.get<unknown>(`/api/vendors/${encodeURIComponent(id)}/history`, signal)).items;
}

// Under ["vendors", id], which the server invalidates whenever that vendor changes.
export const getVendorHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.vendors(), id, "history"] as const,
    queryFn: ({ signal }) => getVendorHistory(id, signal),
  });

/** Who registered, changed, blocked and unblocked a vendor, and when, oldest first. */
export const useVendorHistory = (id: string) => useQuery(getVendorHistoryQueryOptions(id));
