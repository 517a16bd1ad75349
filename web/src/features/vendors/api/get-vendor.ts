import { useQuery } from "@tanstack/react-query";
import { vendor } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** One vendor as it is now; under ["vendors", id], which the server invalidates whenever that vendor changes. */
export const useVendor = (id: string) =>
  useQuery({
    queryKey: [...queryKeys.vendors(), id, "detail"] as const,
    queryFn: async ({ signal }) => vendor.parse(await api.get<unknown>(`/api/vendors/${encodeURIComponent(id)}`, signal)),
  });
