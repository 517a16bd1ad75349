import { useMutation, useQueryClient } from "@tanstack/react-query";
import { vendor, type UpdateVendorBody, type Vendor } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateVendorBody }): Promise<Vendor> =>
      vendor.parse(await api.patch<unknown>(`/api/vendors/${encodeURIComponent(id)}`, body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.vendors() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
