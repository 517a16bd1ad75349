import { canSee, type InboxCounts, type Role } from "@procure/contracts";
import { paths } from "@/config/paths";

/** A row of the inbox panel; `href` is null where the role may not open the screen, so the row is a plain figure. */
export type InboxRow = { key: "requests" | "approvals" | "orders"; title: string; href: string | null; count: number; description: string; meta: string[] };

/**
 * The rows a role's inbox shows. Requests and purchase orders stay for every role because the badge counts them,
 * but link only where the role may go; approvals mean nothing to a role that cannot decide, so the row is left out.
 */
export function inboxRows(role: Role, data: InboxCounts | undefined): InboxRow[] {
  const requests = canSee(role, "requests");
  const orders = canSee(role, "purchase-orders");
  const rows: InboxRow[] = [
    {
      key: "requests",
      title: "Requests",
      href: requests ? paths.app.requests.getHref() : null,
      count: data?.pendingRequests ?? 0,
      description: "Requests pending approval",
      meta: [role === "requester" ? "Your submitted requests" : "Across the workspace", ...(requests ? ["Open the requests list"] : [])],
    },
  ];
  if (canSee(role, "approvals")) {
    rows.push({
      key: "approvals",
      title: "Approvals",
      href: paths.app.approvals.getHref(),
      count: data?.pendingApprovals ?? 0,
      description: "Waiting on a decision from you",
      meta: ["Approve or deny from the queue"],
    });
  }
  rows.push({
    key: "orders",
    title: "Purchase orders",
    href: orders ? paths.app.purchaseOrders.getHref() : null,
    count: data?.openOrders ?? 0,
    description: "Open purchase orders",
    meta: ["Draft, issued or receiving", ...(orders ? [] : ["Managed by buyers and finance"])],
  });
  return rows;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the badge's number is made of, for its accessible name and tooltip. */
export function badgeExplanation(data: InboxCounts | undefined): string {
  if (!data || data.badge === 0) return "Inbox";
  return `Inbox, ${data.badge} to look at: ${plural(data.pendingRequests, "pending request", "pending requests")} and ${plural(data.openOrders, "open purchase order", "open purchase orders")}`;
}
