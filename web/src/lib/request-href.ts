import { canSee, type Role } from "@procure/contracts";
import { paths } from "@/config/paths";

/**
 * Where a role opens one request: over the requests screen, or over purchase orders for a role that sees orders but
 * not the requests screen (finance); null for a role that can open neither.
 */
export function requestHref(role: Role, id: string): string | null {
  if (canSee(role, "requests")) return paths.app.request.getHref(id);
  if (canSee(role, "purchase-orders")) return paths.app.orderRequest.getHref(id);
  return null;
}
