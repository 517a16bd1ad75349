import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { vendor, type DiligenceStatus, type Vendor, type VendorRisk, type VendorStatus } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const PAGE_SIZE = "60";

export type VendorFilters = {
  q?: string | undefined;
  status?: VendorStatus | undefined;
  risk?: VendorRisk | undefined;
  diligence?: DiligenceStatus | undefined;
  sort?: string | undefined;
};

/** The list (or its CSV export) with these filters; the server filters, searches and sorts. */
export function vendorListPath(filters: VendorFilters, path = "/api/vendors", extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.risk) params.set("risk", filters.risk);
  if (filters.diligence) params.set("diligence", filters.diligence);
  if (filters.sort) params.set("sort", filters.sort);
  return `${path}?${params}`;
}

/** The first page of the filtered list; later pages follow the server's Link header. */
const firstPage = (filters: VendorFilters) => vendorListPath(filters, "/api/vendors", { limit: PAGE_SIZE });

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

/** Vendors, searched, filtered and sorted by the server (by name unless asked otherwise), a page at a time. */
export const useVendorPages = (filters: VendorFilters) => useInfiniteQuery(getVendorPagesQueryOptions(filters));
