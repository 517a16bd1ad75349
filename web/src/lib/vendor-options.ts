import { queryOptions, useQuery } from "@tanstack/react-query";
import { vendor } from "@procure/contracts";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const vendorOption = vendor.pick({ id: true, name: true, status: true, diligence: true });
export type VendorOption = z.infer<typeof vendorOption>;

/** Every vendor, blocked ones too (pickers mark them). A failed or malformed list is an empty picker. */
export async function getVendorOptions(signal?: AbortSignal): Promise<VendorOption[]> {
  try {
    const parsed = vendorOption.array().safeParse(await api.get<unknown>("/api/vendors?limit=500", signal));
    return parsed.success ? parsed.data : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const getVendorOptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.vendorOptions(), queryFn: ({ signal }) => getVendorOptions(signal), staleTime: 60_000 });

export const useVendorOptions = (enabled = true) => useQuery({ ...getVendorOptionsQueryOptions(), enabled });
