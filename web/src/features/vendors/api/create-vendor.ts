import { useMutation, useQueryClient } from "@tanstack/react-query";
import { vendor, type CreateVendorBody, type Vendor } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function createVendor(body: CreateVendorBody): Promise<Vendor> {
  return vendor.parse(await api.post<unknown>("/api/vendors", body));
}

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.vendors() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
