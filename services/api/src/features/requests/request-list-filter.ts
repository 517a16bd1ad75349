import { can, defaultRequestSort, parseSort, type RequestSortField, type Role } from "@procure/contracts";
import type { z } from "zod";
import type { requestExportQuery } from "@procure/contracts";

/**
 * What a requests list shows, from its query and who asks: the screen's list and its CSV export read the same.
 * `order=oldest` is the sort by submission, `order=priority` (the approvals queue) the most urgent first, then the
 * oldest; an explicit `sort` wins.
 */
export function requestListFilter(query: z.infer<typeof requestExportQuery>, actor: { id: string; role: Role }) {
  const sort = query.sort ?? (query.order === "oldest" ? "created_at" : query.order === "priority" ? "-priority" : defaultRequestSort);
  const ownOnly = !can(actor.role, "requests:read-all") || query.mine === "true";
  return {
    sortToken: sort as string,
    filter: {
      status: query.status,
      q: query.q,
      vendorId: query.vendor_id,
      requesterId: ownOnly ? actor.id : undefined,
      awaitingRole: query.awaiting_me === "true" ? actor.role : undefined,
      sort: parseSort<RequestSortField>(sort),
    },
  };
}
