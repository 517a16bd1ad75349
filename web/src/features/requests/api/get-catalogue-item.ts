import { useMemo } from "react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { overviewItem, volumeUnitPrice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { PriceAt } from "../lib/line-amount";

/** The catalogue item a request line names, for its volume prices: the server prices the line the same way. */
export const getCatalogueItem = async (id: string, signal?: AbortSignal) =>
  overviewItem.parse(await api.get<unknown>(`/api/catalogue/items/${encodeURIComponent(id)}`, signal));

export const getCatalogueItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.catalogue.all(), "item", id], queryFn: ({ signal }) => getCatalogueItem(id, signal), staleTime: 60_000 });

/** The item's unit price at a quantity, once the item is read; undefined before then and for a line not from the catalogue. */
export function useCataloguePrice(id: string): PriceAt | undefined {
  const item = useQuery({ ...getCatalogueItemQueryOptions(id), enabled: id !== "" });
  const data = id ? item.data : undefined;
  return useMemo(
    () =>
      data
        ? (quantity: number) =>
            volumeUnitPrice(
              { base_price: data.basePrice, pricing_tiers: data.pricingTiers.map((t) => ({ min_quantity: t.minQuantity, unit_price: t.unitPrice })) },
              quantity,
            )
        : undefined,
    [data],
  );
}
