import { useQuery } from "@tanstack/react-query";
import { vendorHistory } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Who registered, changed, blocked and unblocked a vendor, and when, oldest first. */
export const useVendorHistory = (id: string | null) =>
  useQuery({
    queryKey: [...queryKeys.vendors(), id, "history"] as const,
    queryFn: async ({ signal }) => vendorHistory.parse(await api.get<unknown>(`/api/vendors/${encodeURIComponent(id!)}/history`, signal)).items,
    enabled: Boolean(id),
  });
