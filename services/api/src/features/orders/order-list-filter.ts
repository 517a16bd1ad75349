import { defaultOrderSort, parseSort, type OrderSortField, type orderExportQuery } from "@procure/contracts";
import type { z } from "zod";
import { localDay } from "@procure/projections/purchasing";

/** What an orders list shows, from its query: the screen's list and its CSV export read the same. */
export function orderListFilter(query: z.infer<typeof orderExportQuery>, today = new Date()) {
  const sort = query.sort ?? defaultOrderSort;
  return {
    sortToken: sort as string,
    filter: {
      q: query.q,
      status: query.status,
      vendorId: query.vendor_id,
      requestId: query.request_id,
      overdueBefore: query.overdue === "true" ? localDay(today) : undefined,
      sort: parseSort<OrderSortField>(sort),
    },
  };
}
