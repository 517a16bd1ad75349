import { useMutation, useQueryClient } from "@tanstack/react-query";
import { vendor, type UpdateVendorBody, type Vendor } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function updateVendor(id: string, body: UpdateVendorBody): Promise<Vendor> {
  return vendor.parse(await api.patch<unknown>(`/api/vendors/${encodeURIComponent(id)}`, body));
}

/** Saves the drawer; the lists, the vendor's history and the dashboard's supplier count refresh. */
export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateVendorBody }) => updateVendor(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.vendors() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
