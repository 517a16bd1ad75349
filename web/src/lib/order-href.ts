import { canSee, type Role } from "@procure/contracts";
import { paths } from "@/config/paths";

/** Where a role opens one order: its page, for a role that sees purchase orders; null for any other. */
export function orderHref(role: Role | null | undefined, id: string): string | null {
  return role && canSee(role, "purchase-orders") ? paths.app.purchaseOrder.getHref(id) : null;
}
