import type { OverviewItem } from "@procure/contracts";

/** The requester workspace shows at most this many matching items (spec section 9). */
export const WORKSPACE_ITEM_LIMIT = 6;

/** Requesters shop published items only; drafts and items in review stay with buyers. */
export function shoppableItems(items: readonly OverviewItem[], query: string): OverviewItem[] {
  const q = query.trim().toLowerCase();
  return items.filter(
    (item) =>
      item.status === "published" &&
      (!q || [item.name, item.sku, item.categoryName, item.preferredSupplier].filter(Boolean).join(" ").toLowerCase().includes(q)),
  );
}

export function formatPrice(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** Keeps ids that still name an item, in their stored order. */
export function resolveItems(ids: readonly string[], items: readonly OverviewItem[]): OverviewItem[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.map((id) => byId.get(id)).filter((item): item is OverviewItem => item !== undefined);
}
