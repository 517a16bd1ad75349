import { can, normalizeStatus, type PurchaseRequest, type Role, type User } from "@procure/contracts";

/** Offer Approve/Deny only where the server would accept it: pending, a deciding role, and not one's own request. */
export function canDecide(request: PurchaseRequest, user: User | null, role: Role): boolean {
  if (!user || normalizeStatus(request.status) !== "pending") return false;
  if (!can(role, "requests:decide")) return false;
  if (request.requester_id === user.id) return false;
  if (request.current_stage_role && request.current_stage_role !== role && role !== "admin") return false;
  return true;
}
