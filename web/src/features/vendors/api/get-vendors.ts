import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { vendor, type Vendor } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type VendorFilters = { q?: string; status?: string; risk?: string };

function firstPage(filters: VendorFilters): string {
  const params = new URLSearchParams({ limit: "60" });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `/api/vendors?${params}`;
}

async function getVendorPage(path: string, signal?: AbortSignal): Promise<{ items: Vendor[]; next: string | null }> {
  const page = await api.page(path, signal);
  return { items: z.array(vendor).parse(page.items), next: page.next };
}

/** Vendors by name, searched and filtered by the server, a page at a time. */
export const useVendorPages = (filters: VendorFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...queryKeys.vendors(), "list", filters] as const,
      queryFn: ({ pageParam, signal }) => getVendorPage(pageParam, signal),
      initialPageParam: firstPage(filters),
      getNextPageParam: (last) => last.next,
    }),
  );
