import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { vendor, type Vendor, type VendorRisk, type VendorStatus } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const PAGE_SIZE = "60";

export type VendorFilters = { q?: string; status?: VendorStatus; risk?: VendorRisk };

/** The first page of the filtered list; later pages follow the server's Link header. */
function firstPage(filters: VendorFilters): string {
  const params = new URLSearchParams({ limit: PAGE_SIZE });
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.risk) params.set("risk", filters.risk);
  return `/api/vendors?${params}`;
}

export async function getVendorPage(path: string, signal?: AbortSignal): Promise<{ items: Vendor[]; next: string | null }> {
  const page = await api.page(path, signal);
  return { items: z.array(vendor).parse(page.items), next: page.next };
}

// Under ["vendors"], so the server's invalidation of that key refreshes every filtered list.
export const getVendorPagesQueryOptions = (filters: VendorFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.vendors(), "list", filters] as const,
    queryFn: ({ pageParam, signal }) => getVendorPage(pageParam, signal),
    initialPageParam: firstPage(filters),
    getNextPageParam: (last) => last.next,
    // The cards of the previous filters stay until the new ones arrive, rather than flashing a loading line.
    placeholderData: keepPreviousData,
  });

/** Vendors by name, searched and filtered by the server, a page at a time. */
export const useVendorPages = (filters: VendorFilters) => useInfiniteQuery(getVendorPagesQueryOptions(filters));
