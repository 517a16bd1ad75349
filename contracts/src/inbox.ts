import { z } from "zod";

export const inboxCounts = z.object({
  pendingRequests: z.number().int(),
  pendingApprovals: z.number().int(),
  openOrders: z.number().int(),
  badge: z.number().int(),
  updatedAt: z.string(),
});
export type InboxCounts = z.infer<typeof inboxCounts>;

export const inboxBadgeCap = 99;

/** Badge = pending requests + open orders, capped at 99, and 0 if not positive. */
export function inboxBadge(pendingRequests: number, openOrders: number): number {
  const total = (Number.isFinite(pendingRequests) ? pendingRequests : 0) + (Number.isFinite(openOrders) ? openOrders : 0);
  if (!(total > 0)) return 0;
  return Math.min(inboxBadgeCap, Math.floor(total));
}
