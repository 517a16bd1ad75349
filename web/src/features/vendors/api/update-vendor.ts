import { useMutation, useQueryClient } from "@tanstack/react-query";
import { vendor, type UpdateVendorBody, type Vendor } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `version`: the vendor's version the form was filled from; a save over a newer one is refused (412). */
export async function updateVendor(id: string, body: UpdateVendorBody, version?: number): Promise<Vendor> {
  return vendor.parse(await api.patch<unknown>(`/api/vendors/${encodeURIComponent(id)}`, body, version));
}

/** Saves the drawer; the lists, the vendor's history and the dashboard's supplier count refresh. */
export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string; body: UpdateVendorBody; version?: number | undefined }) => updateVendor(id, body, version),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.vendors() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
