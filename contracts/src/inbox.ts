import { z } from "zod";

/**
 * What can wait for a user: a request at a stage they may decide, their own request changed by someone else
 * (until they look), and for those who act on orders, an approved request without an order, an order to issue, an
 * order to receive.
 */
export const inboxItemKinds = ["decide", "changed", "create-order", "issue-order", "receive-order"] as const;
export const inboxItemKind = z.enum(inboxItemKinds);
export type InboxItemKind = z.infer<typeof inboxItemKind>;

/**
 * For those who keep vendors' documents: how many active vendors' diligence needs attention, by status. Not in the
 * badge: until documents are filed every vendor of a new workspace is missing some, and the badge counts what waits
 * on a decision or an order.
 */
export const vendorsNeedingAttention = z.object({ missing: z.number().int(), expired: z.number().int(), expiring: z.number().int() });
export type VendorsNeedingAttention = z.infer<typeof vendorsNeedingAttention>;
export const attentionStatuses = ["missing", "expired", "expiring"] as const satisfies readonly (keyof VendorsNeedingAttention)[];

export const inboxCounts = z.object({
  counts: z.record(inboxItemKind, z.number().int()),
  /** Null for roles that do not keep vendors' documents. */
  vendor_diligence: vendorsNeedingAttention.nullable().optional(),
  badge: z.number().int(),
  updatedAt: z.string(),
});
export type InboxCounts = z.infer<typeof inboxCounts>;

/**
 * `subject_id` is the request's id, or the order's for `issue-order` and `receive-order`; `needed_by` is a request's
 * need-by date, which the inbox flags when it is near (`isNeededSoon`).
 */
export const inboxItem = z.object({
  kind: inboxItemKind,
  subject_id: z.uuid(),
  title: z.string(),
  since: z.string(),
  needed_by: z.string().nullable().optional(),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxItemsResponse = z.object({ items: z.array(inboxItem) });
export type InboxItemsResponse = z.infer<typeof inboxItemsResponse>;
/** How many items the inbox lists (pending requests needed soon first, then the newest); the counts cover them all. */
export const inboxItemsLimit = 50;

/** Marks the user's changed requests as seen (opening one, or the inbox's "mark all seen"). */
export const markSeenBody = z.object({ request_ids: z.array(z.uuid()).min(1).max(inboxItemsLimit) });
export type MarkSeenBody = z.infer<typeof markSeenBody>;

export const inboxBadgeCap = 99;

/**
 * What the badge counts, as the spec has it: pending requests (those waiting for the user's decision, the number the
 * approvals queue shows) plus open orders to act on. The user's own changed requests are listed, not counted.
 */
export const badgeKinds = ["decide", "create-order", "issue-order", "receive-order"] as const satisfies readonly InboxItemKind[];

/** Badge = pending requests to decide plus open orders, capped at 99, and 0 if not positive. */
export function inboxBadge(counts: Partial<Record<InboxItemKind, number>>): number {
  const total = badgeKinds.reduce((sum, kind) => {
    const n = counts[kind] ?? 0;
    return sum + (Number.isFinite(n) ? n : 0);
  }, 0);
  if (!(total > 0)) return 0;
  return Math.min(inboxBadgeCap, Math.floor(total));
}
