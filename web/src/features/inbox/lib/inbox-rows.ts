import { attentionStatuses, badgeKinds, canSee, inboxItemKinds, type InboxCounts, type InboxItem, type InboxItemKind, type Role } from "@procure/contracts";
import { paths } from "@/config/paths";

/** One kind of waiting work, with where the role may go for it (null: nowhere it may open). */
export type InboxRow = {
  key: InboxItemKind | `vendors-${(typeof attentionStatuses)[number]}`;
  title: string;
  href: string | null;
  count: number;
  description: string;
};

const kindText: Record<InboxItemKind, { title: string; description: string }> = {
  decide: { title: "To decide", description: "Requests at a stage you may approve or deny" },
  changed: { title: "Your requests", description: "Changed by someone else since you last looked" },
  "create-order": { title: "To order", description: "Approved requests without a purchase order" },
  "issue-order": { title: "To issue", description: "Draft purchase orders" },
  "receive-order": { title: "To receive", description: "Issued purchase orders awaiting delivery" },
};

/** Where one kind of work is done, for a role; never a screen the role cannot open. */
export function kindHref(role: Role, kind: InboxItemKind): string | null {
  switch (kind) {
    case "decide":
      return canSee(role, "approvals") ? paths.app.approvals.getHref() : null;
    case "changed":
      return canSee(role, "requests") ? paths.app.requests.getHref() : null;
    default:
      return canSee(role, "purchase-orders") ? paths.app.purchaseOrders.getHref() : null;
  }
}

/** Where one item is dealt with: the request or the order itself when the role may open it, else the kind's screen. */
export function itemHref(role: Role, item: InboxItem): string | null {
  if ((item.kind === "decide" || item.kind === "changed") && canSee(role, "requests")) return paths.app.request.getHref(item.subject_id);
  if (item.kind === "create-order" && canSee(role, "purchase-orders")) return paths.app.orderRequest.getHref(item.subject_id);
  if ((item.kind === "issue-order" || item.kind === "receive-order") && canSee(role, "purchase-orders"))
    return paths.app.purchaseOrder.getHref(item.subject_id);
  return kindHref(role, item.kind);
}

/** The kinds that hold something for this user, in a fixed order. */
export function inboxRows(role: Role, data: InboxCounts | undefined): InboxRow[] {
  if (!data) return [];
  return inboxItemKinds
    .filter((kind) => (data.counts[kind] ?? 0) > 0)
    .map((kind) => ({ key: kind, ...kindText[kind], count: data.counts[kind] ?? 0, href: kindHref(role, kind) }));
}

const attentionText: Record<(typeof attentionStatuses)[number], { title: string; description: string }> = {
  missing: { title: "Diligence missing", description: "Active vendors without a required document" },
  expired: { title: "Diligence expired", description: "Active vendors whose required document has run out" },
  expiring: { title: "Diligence expiring", description: "Active vendors whose required document runs out within 30 days" },
};

/**
 * Vendors needing attention, for those who keep vendor documents: each status links to the vendors list filtered to
 * it (the same rule counted it), where the role may open that list.
 */
export function vendorRows(role: Role, data: InboxCounts | undefined): InboxRow[] {
  const counts = data?.vendor_diligence;
  if (!counts) return [];
  return attentionStatuses
    .filter((status) => counts[status] > 0)
    .map((status) => ({
      key: `vendors-${status}` as const,
      ...attentionText[status],
      count: counts[status],
      href: canSee(role, "vendors") ? `${paths.app.vendors.getHref()}?${new URLSearchParams({ status: "active", diligence: status })}` : null,
    }));
}

export const kindTitle = (kind: InboxItemKind) => kindText[kind].title;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the badge's number is made of, for its accessible name and tooltip. */
export function badgeExplanation(data: InboxCounts | undefined): string {
  if (!data || data.badge === 0) return "Inbox";
  const parts = badgeKinds.filter((kind) => (data.counts[kind] ?? 0) > 0).map((kind) => `${data.counts[kind]} ${kindText[kind].title.toLowerCase()}`);
  return `Inbox, ${plural(data.badge, "item waits", "items wait")} for you: ${parts.join(", ")}`;
}
