import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { asArray } from "@/lib/as-array";
import { queryKeys } from "@/lib/query-keys";

export type VendorOption = { id: string; name: string; status?: string; risk?: string };

/** Only active vendors: a request for a blocked one would be refused on submit. */
export const getVendors = async (signal?: AbortSignal) =>
  asArray<VendorOption>(await api.get<unknown>("/api/vendors?status=active&limit=500", signal)).filter((v) => v && typeof v.id === "string");

export const getVendorsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.vendorOptions(), "active"], queryFn: ({ signal }) => getVendors(signal), staleTime: 60_000 });

export const useVendors = (enabled = true) => useQuery({ ...getVendorsQueryOptions(), enabled });
